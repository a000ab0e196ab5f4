import { describe, expect, it } from 'vitest';
import { Diagnosis } from '../diagnosis/index.js';
import { InvalidDiagnosisError } from './errors.js';
import { renderJson } from './json.js';
import { hostile, hostileDiagnosis } from './test-support.js';

describe('renderJson', () => {
  it('round-trips a hostile diagnosis through the schema unchanged', () => {
    const diagnosis = hostileDiagnosis();
    const text = renderJson(diagnosis);
    const parsed = Diagnosis.parse(JSON.parse(text));
    expect(parsed).toEqual(diagnosis);
    expect(parsed.evidence[0]?.summary).toContain(hostile.script);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('gives the same bytes whatever the order of the settings keys', () => {
    const a = hostileDiagnosis();
    const b = hostileDiagnosis();
    b.run.settings = Object.fromEntries(Object.entries(a.run.settings).reverse());
    expect(Object.keys(b.run.settings)).not.toEqual(Object.keys(a.run.settings));
    expect(renderJson(b)).toBe(renderJson(a));
  });

  it('refuses a diagnosis that breaks the schema and names the field', () => {
    const broken = { ...hostileDiagnosis(), outcome: 'probably' } as unknown as Diagnosis;
    expect(() => renderJson(broken)).toThrow(InvalidDiagnosisError);
    expect(() => renderJson(broken)).toThrow(/outcome/);
  });
});
