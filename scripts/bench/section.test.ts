import { describe, expect, it } from 'vitest';
import {
  BEGIN_MARKER,
  BenchMarkersError,
  END_MARKER,
  newBenchmarksDocument,
  replaceBenchSection,
  replaceBenchSectionKeeping,
  regionMarkers,
  replaceBenchSubsection,
} from './section.js';

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

describe('replaceBenchSubsection', () => {
  const bench = `# B\n${BEGIN_MARKER}\n## Performance\n\n### 1. Import\none\n\n### 2. Controller\ntwo\n${END_MARKER}\n## Accuracy\nhand\n`;
  it('replaces one subsection, keeping the others and everything outside the markers', () => {
    const once = replaceBenchSubsection(bench, '### 1b.', '### 1b. CLI\nnew', '### 2.');
    expect(once).toBe(
      `# B\n${BEGIN_MARKER}\n## Performance\n\n### 1. Import\none\n\n### 1b. CLI\nnew\n\n### 2. Controller\ntwo\n${END_MARKER}\n## Accuracy\nhand\n`,
    );
    const twice = replaceBenchSubsection(once, '### 1b.', '### 1b. CLI\nnewer', '### 2.');
    expect(twice).toBe(once.replace('\nnew\n', '\nnewer\n'));
    const last = replaceBenchSubsection(bench, '### 2.', '### 2. Controller\nthree', '### 9.');
    expect(last).toBe(bench.replace('\ntwo\n', '\nthree\n'));
  });
  it('appends a subsection that has no place yet', () => {
    expect(replaceBenchSubsection(bench, '### 5.', '### 5. New\nx', '### 9.')).toContain(`two\n\n### 5. New\nx\n${END_MARKER}`);
  });
  it('refuses a document without markers', () => {
    expect(() => replaceBenchSubsection('# B\n', '### 1b.', 'x', '### 2.')).toThrow(BenchMarkersError);
  });
});

describe('replaceBenchSectionKeeping', () => {
  const bench = `# B\n${BEGIN_MARKER}\n## Performance\n\n### 1. Import\none\n\n### 6. ClickHouse\nsix\n${END_MARKER}\n## Accuracy\nhand\n`;
  it('replaces what the full run measures and keeps the subsections written alone', () => {
    const out = replaceBenchSectionKeeping(bench, '## Performance\n\n### 1. Import\nnew\n\n### 2. Controller\ntwo');
    expect(out).toBe(
      `# B\n${BEGIN_MARKER}\n## Performance\n\n### 1. Import\nnew\n\n### 2. Controller\ntwo\n\n### 6. ClickHouse\nsix\n${END_MARKER}\n## Accuracy\nhand\n`,
    );
    expect(replaceBenchSectionKeeping(out, '## Performance\n\n### 1. Import\nnew\n\n### 2. Controller\ntwo')).toBe(out);
  });
});

describe('replaceBenchSection with a named region', () => {
  const accuracy = regionMarkers('accuracy');
  const withRegion = `${doc}\n${accuracy.begin}\nold accuracy\n${accuracy.end}\n\nnotes\n`;
  it('replaces only that region, leaving the bench section alone', () => {
    const out = replaceBenchSection(withRegion, 'new accuracy', accuracy);
    expect(out).toBe(`${doc}\n${accuracy.begin}\nnew accuracy\n${accuracy.end}\n\nnotes\n`);
  });
  it('refuses a document without the region, naming its markers', () => {
    expect(() => replaceBenchSection(doc, 'x', accuracy)).toThrow(/bench:accuracy:begin/);
  });
});
