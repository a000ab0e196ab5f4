import { describe, expect, it } from 'vitest';
import { BEGIN_MARKER, BenchMarkersError, END_MARKER, newBenchmarksDocument, replaceBenchSection } from './section.js';

const doc = `# Benchmarks\nintro\n${BEGIN_MARKER}\nold figures\n${END_MARKER}\n\n## Accuracy\nhand-written table\n`;

describe('replaceBenchSection', () => {
  it('replaces only the text between the markers', () => {
    const out = replaceBenchSection(doc, 'new figures\n');
    expect(out).toBe(`# Benchmarks\nintro\n${BEGIN_MARKER}\nnew figures\n${END_MARKER}\n\n## Accuracy\nhand-written table\n`);
  });
  it('is stable when applied twice', () => {
    const once = replaceBenchSection(doc, 'x');
    expect(replaceBenchSection(once, 'x')).toBe(once);
  });
  it('refuses a document without markers instead of appending', () => {
    expect(() => replaceBenchSection('# Benchmarks\n', 'x')).toThrow(BenchMarkersError);
  });
  it('refuses duplicated or reversed markers', () => {
    expect(() => replaceBenchSection(`${doc}${BEGIN_MARKER}`, 'x')).toThrow(BenchMarkersError);
    expect(() => replaceBenchSection(`${END_MARKER}\n${BEGIN_MARKER}`, 'x')).toThrow(/before/);
  });
});

describe('newBenchmarksDocument', () => {
  it('puts the figures inside the markers and keeps an accuracy section outside them', () => {
    const created = newBenchmarksDocument('figures');
    expect(replaceBenchSection(created, 'other')).toContain('## Accuracy');
    expect(created.indexOf('## Accuracy')).toBeGreaterThan(created.indexOf(END_MARKER));
  });
});
