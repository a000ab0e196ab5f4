import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate, type CodePdg } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';
import { flagBehaviour as expected } from './testing/otel-demo-expected.js';

const root = join(import.meta.dirname, 'fixtures', 'otel-demo');

const flagNames = Object.keys((JSON.parse(readFileSync(join(root, 'flagd', 'demo.flagd.json'), 'utf8')) as { flags: object }).flags);

let pdg: CodePdg | null = null;
async function demoPdg(): Promise<CodePdg> {
  pdg ??= await buildServicePdg(root, { cacheDir: null });
  return pdg;
}

describe('eog code locate on the OpenTelemetry Demo slice', () => {
  it('covers every flag of the flagd file that the slice reads', async () => {
    const graph = await demoPdg();
    const read = flagNames.filter((flag) => graph.blocks.some((b) => b.facts.some((f) => f.strings.includes(flag))));
    expect(read.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [flag, where] of Object.entries(expected))
    it(`puts the branch where ${flag} changes behaviour in the top 3`, async () => {
      const top = locate(await demoPdg(), flag, { limit: 3 });
      const hit = top.find((b) => b.file === where.file && b.startLine === where.line);
      expect(hit, JSON.stringify(top, null, 1)).toBeDefined();
      expect(hit?.level).toBe('block');
      expect(hit?.reason).toContain('decides');
    });

  it('finds a log message written with a format string at its logging call', async () => {
    const top = locate(await demoPdg(), 'Failed to send message to Kafka within context deadline: context deadline exceeded', { limit: 3 });
    expect(top[0]?.file).toBe('checkout/main.go');
    expect(top[0]?.function).toBe('sendToPostProcessor');
  });

  it('finds a message built by concatenation around a constant', async () => {
    const top = locate(await demoPdg(), 'Feature Flag adManualGc enabled, performing a manual gc now', { limit: 1 });
    expect(top[0]).toMatchObject({ file: 'ad/src/main/java/oteldemo/AdService.java', startLine: 242, function: 'getAds' });
  });

  it('maps a stack frame to the innermost block at that line, then its function', async () => {
    const top = locate(await demoPdg(), 'at oteldemo.AdService$AdServiceImpl.getAds(AdService.java:239)', { limit: 2 });
    expect(top.map((b) => [b.startLine, b.level])).toEqual([
      [238, 'block'],
      [178, 'function'],
    ]);
  });

  it('answers nothing for a flag no code reads', async () => {
    const top = locate(await demoPdg(), 'imageSlowLoad');
    expect(top.filter((b) => b.reason.includes('decides'))).toEqual([]);
  });
});
