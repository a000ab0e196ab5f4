import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locate, type CodePdg } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';
import { judgeFlag, maxDecidingLines, serviceOf } from './testing/judge-flag.js';

/**
 * The code layer over a whole repository (fixtures/flag-repo: five services and a flag editor
 * that lists, compares and tests every flag). Which service reads which flag, read by eye.
 */
const root = join(import.meta.dirname, 'fixtures', 'flag-repo');
const readers: Record<string, string[]> = {
  checkoutFailure: ['checkout'],
  reviewsRateLimit: ['reviews'],
  loaderUsers: ['loader'],
  imageDelay: ['frontend'],
  shippingDelay: ['shipping'],
};

let pdg: CodePdg | null = null;
async function repoPdg(): Promise<CodePdg> {
  pdg ??= await buildServicePdg(root, { cacheDir: null });
  return pdg;
}

describe('eog code locate over a whole repository', () => {
  it('judges every flag of the repository’s flag file', () => {
    const flags = Object.keys((JSON.parse(readFileSync(join(root, 'flags', 'flags.json'), 'utf8')) as { flags: object }).flags);
    expect(flags.sort()).toEqual(Object.keys(readers).sort());
  });

  for (const [flag, services] of Object.entries(readers))
    it(`${flag}: a block of at most ${maxDecidingLines} lines where its value changes behaviour is in the top 3, and nothing from a service that does not read it ranks above`, async () => {
      const blocks = locate(await repoPdg(), flag, { limit: 20 });
      const judged = judgeFlag(blocks, { services });
      expect(judged.rank, JSON.stringify(blocks.slice(0, 5), null, 1)).not.toBeNull();
      expect(judged.rank ?? 99).toBeLessThanOrEqual(3);
      expect(judged.intruders.map((b) => `${b.file}:${b.startLine} ${b.reason}`)).toEqual([]);
      // The flag editor and its tests name every flag and read none: every block of theirs comes after every read.
      const lastRead = Math.max(...blocks.map((b, i) => (services.includes(serviceOf(b.file)) ? i : -1)));
      const firstEditor = blocks.findIndex((b) => serviceOf(b.file) === 'flag-editor');
      if (firstEditor !== -1) expect(firstEditor).toBeGreaterThan(lastRead);
      for (const b of blocks.filter((x) => serviceOf(x.file) === 'flag-editor'))
        expect(b.reason).toMatch(/without evaluating|nothing depends/);
    });

  it('does not carry a flag through an accessor name another service defines too', async () => {
    const blocks = locate(await repoPdg(), 'checkoutFailure', { limit: 50 });
    expect(blocks.filter((b) => serviceOf(b.file) === 'reviews')).toEqual([]);
    expect(blocks[0]).toMatchObject({ file: 'checkout/checkout.py', startLine: 12, kind: 'if_statement' });
  });

  it('follows a shell entrypoint’s flag into the variable its output is assigned to and the branch on it', async () => {
    const [top] = locate(await repoPdg(), 'loaderUsers', { limit: 1 });
    expect(top).toMatchObject({ file: 'loader/entrypoint.sh', startLine: 10, endLine: 13, kind: 'if_statement' });
    expect(top?.reason).toContain('through users');
  });

  it('follows a value out of a branch expression to the branch on it', async () => {
    const [top] = locate(await repoPdg(), 'shippingDelay', { limit: 1 });
    expect(top).toMatchObject({ file: 'shipping/src/ship.rs', startLine: 15, kind: 'if_expression' });
  });

  it('names the statement a value is passed to when no branch depends on it and its block is long', async () => {
    const blocks = locate(await repoPdg(), 'imageDelay', { limit: 5 });
    expect(blocks[0]).toMatchObject({ file: 'frontend/ImageCard.tsx', startLine: 12, endLine: 12, kind: 'statement' });
    expect(blocks[0]?.reason).toContain('is passed on');
    const effect = blocks.find((b) => b.kind === 'arrow_function' && b.startLine === 8);
    expect((effect?.endLine ?? 0) - (effect?.startLine ?? 0) + 1).toBeGreaterThan(maxDecidingLines);
  });
});
