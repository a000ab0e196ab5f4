import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../../session/cli-test-support.js';

const source = path.join(repoRoot, 'main', 'code', 'fixtures', 'otel-demo');

describe('eog code locate', () => {
  it('prints the ranked blocks as JSON: the branch a flag decides first', async () => {
    const result = await runCli(['code', 'locate', '--source', source, '--text', 'adManualGc', '--json', '--limit', '3', '--no-cache']);
    expect(result.code).toBe(0);
    const blocks = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThanOrEqual(3);
    expect(Object.keys(blocks[0] ?? {})).toEqual(
      expect.arrayContaining(['file', 'function', 'startLine', 'endLine', 'level', 'score', 'reason']),
    );
    expect(blocks[0]).toMatchObject({
      file: 'ad/src/main/java/oteldemo/AdService.java',
      function: 'getAds',
      startLine: 242,
      level: 'block',
    });
  });

  it('names a missing source folder in one line', async () => {
    const result = await runCli(['code', 'locate', '--source', '/nonexistent/src', '--text', 'x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('/nonexistent/src: no such source folder');
  });
});
