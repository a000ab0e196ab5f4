import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate, type CodePdg } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';
import { judgeFlag, serviceOf } from './testing/judge-flag.js';
import { flagBehaviour } from './testing/otel-demo-expected.js';

const root = join(import.meta.dirname, 'fixtures', 'otel-demo');

/** The flags whose deciding block the slice holds. */
const expected = Object.fromEntries(
  Object.entries(flagBehaviour).filter(([, want]) => want.file !== undefined && existsSync(join(root, want.file))),
);

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
    it(`puts the branch where ${flag} changes behaviour in the top 3, below no block of a service that does not read it`, async () => {
      const all = locate(await demoPdg(), flag);
      const top = all.slice(0, 3);
      const hit = top.find((b) => b.file === where.file && b.startLine === where.line);
      expect(hit, JSON.stringify(top, null, 1)).toBeDefined();
      expect(hit?.level).toBe('block');
      expect(hit?.reason).toContain('decides');
      const judged = judgeFlag(all, where);
      expect(judged.rank).not.toBeNull();
      expect(judged.rank ?? 99).toBeLessThanOrEqual(3);
      expect(judged.intruders.map((b) => `${b.file}:${b.startLine} ${b.reason}`)).toEqual([]);
    });

  it('claims a decision only in services that read the flag', async () => {
    const graph = await demoPdg();
    for (const [flag, want] of Object.entries(expected))
      for (const b of locate(graph, flag, { limit: 20 }).filter((x) => /decides|passed on/.test(x.reason)))
        expect(want.services, `${flag}: ${b.file}:${b.startLine} ${b.reason}`).toContain(serviceOf(b.file));
  });

  it('reads only: each flag in the services that read it, and no name of the flag file’s structure anywhere', async () => {
    const graph = await demoPdg();
    for (const [flag, want] of Object.entries(expected)) {
      const blocks = locate(graph, flag, { limit: 20, readsOnly: true });
      expect(blocks.length, flag).toBeGreaterThan(0);
      for (const b of blocks) expect(want.services, `${flag}: ${b.file}:${b.startLine} ${b.reason}`).toContain(serviceOf(b.file));
    }
    // The names around a flag in a flagd file, which a drill through a ConfigMap change also meets:
    // variables named so (a generated `flags` package, `value`, `enabled`) read no flag.
    for (const name of ['flags', 'defaultVariant', 'state', 'variants', 'data', 'value', 'enabled', 'json'])
      expect(locate(graph, name, { readsOnly: true }), name).toEqual([]);
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
