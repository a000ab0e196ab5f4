import { describe, expect, it } from 'vitest';
import { UnknownExportFormatError } from './errors.js';
import { exportFormats, parseExportFormat, renderExport, renderExportFile } from './render.js';
import { hostile, hostileDiagnosis, hostileState, rawFormatChars } from './test-support.js';

describe('renderExport', () => {
  it('parses every format, the IPC name "markdown", and refuses others by listing the choices', () => {
    for (const f of exportFormats) expect(parseExportFormat(f)).toBe(f);
    expect(parseExportFormat('markdown')).toBe('md');
    expect(() => parseExportFormat('pdf')).toThrow(UnknownExportFormatError);
    expect(() => parseExportFormat('pdf')).toThrow('json, md, html, gexf, graphml');
  });

  it('gives each format its own renderer', () => {
    const d = hostileDiagnosis();
    expect(JSON.parse(renderExport('json', d))).toEqual(d);
    expect(renderExport('md', d)).toMatch(/^# Root cause: /);
    expect(renderExport('html', d)).toMatch(/^<!DOCTYPE html>/);
    expect(renderExport('gexf', d).split('\n')[1]).toMatch(/^<gexf /);
    expect(renderExport('graphml', d).split('\n')[1]).toMatch(/^<graphml /);
  });

  it('names the file after the snapshot, with the format extension and media type', () => {
    const file = renderExportFile('graphml', hostileDiagnosis());
    expect(file.filename).toBe(`diagnosis-${'ef'.repeat(6)}.graphml`);
    expect(file.mimeType).toBe('application/graphml+xml');
    expect(file.content).toBe(renderExport('graphml', hostileDiagnosis()));
    const unnamed = { ...hostileDiagnosis(), run: { ...hostileDiagnosis().run, snapshotHash: '../../<x>' } };
    expect(renderExportFile('md', unnamed).filename).toBe('diagnosis-x.md');
  });

  it('shows bidi and other format characters as <U+XXXX> in every human format, never raw', () => {
    const d = hostileDiagnosis();
    for (const format of ['md', 'html', 'gexf', 'graphml'] as const) {
      const out = renderExport(format, d, { state: hostileState() });
      expect(out, format).not.toMatch(rawFormatChars);
      // Entity names carry U+202E and U+202C into every format; the prose formats carry the rest too.
      const codes =
        format === 'md' || format === 'html'
          ? ['202E', '202C', '2066', '2069', '200F', '200E', '061C', '200B', 'FEFF', 'E0041', '009B']
          : ['202E', '202C'];
      for (const code of codes) expect(out, `${format} U+${code}`).toContain(`&lt;U+${code}&gt;`);
    }
    // JSON is data: it keeps the values as they were, for a program to read.
    expect(renderExport('json', d)).toContain(hostile.formatting.slice(0, 4));
  });
});
