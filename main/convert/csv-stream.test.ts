import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-stream.js';
import { ConvertInputError } from './errors.js';
import { tempDir } from '../platform/testing/temp-dirs.js';

async function collect(
  file: string,
  onSkip?: (line: number | null, reason: string) => void,
): Promise<{ values: Record<string, string>; line: number }[]> {
  const rows = [];
  for await (const row of readCsv(file, onSkip ? { onSkip } : {})) rows.push(row);
  return rows;
}

describe('readCsv', () => {
  const dir = tempDir('eog-csv-');

  it('reads gzip files with quoted multi-line cells and reports end lines', async () => {
    const file = join(dir, 'a.csv.gz');
    writeFileSync(file, gzipSync('a,b\n1,"x\ny"\n2,"say ""hi"""\n'));
    const rows = await collect(file);
    expect(rows.map((r) => r.values.b)).toEqual(['x\ny', 'say "hi"']);
    expect(rows.map((r) => r.line)).toEqual([3, 4]);
  });

  it('names the file and the line where a broken record starts', async () => {
    const file = join(dir, 'broken.csv');
    writeFileSync(file, 'a,b\n1,2\n3,"open\n4,5\n');
    await expect(collect(file)).rejects.toThrow(ConvertInputError);
    await expect(collect(file)).rejects.toThrow(`${file}:3:`);
  });

  it('skips and reports malformed records when asked to', async () => {
    const file = join(dir, 'spliced.csv');
    writeFileSync(file, 'a,b\n1,2\n3,"x"y"\n5,6\n');
    const skipped: (number | null)[] = [];
    const rows = await collect(file, (line) => skipped.push(line));
    expect(rows.map((r) => r.values.a)).toEqual(['1', '5']);
    expect(skipped).toEqual([3]);
  });
});
