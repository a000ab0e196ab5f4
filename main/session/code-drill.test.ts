import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const scratch = useScratch();

/** The sample bundle plus source for its frontend: the flash_sale flag read into a variable and a branch on it. */
function sampleWithCode(): string {
  const dir = path.join(scratch.dir(), 'bundle');
  cpSync(sampleBundle, dir, { recursive: true });
  mkdirSync(path.join(dir, 'code', 'frontend'), { recursive: true });
  writeFileSync(
    path.join(dir, 'code', 'frontend', 'banner.py'),
    `def render_home(user):
    sale = flags.get_boolean("flash_sale", False)
    if sale:
        logger.info("feature flag flash_sale enabled: serving sale banner to all users")
        return render_sale_banner(user)
    return render_default(user)


def render_default(user):
    return "<b>%s</b>" % user
`,
  );
  writeFileSync(path.join(dir, 'code.json'), JSON.stringify({ version: 1, services: [{ entity: 'frontend', root: 'code/frontend' }] }));
  return dir;
}

describe('the code layer in an investigation', () => {
  it('drills the Origin into its source: a CodeDrilled event and the code of the diagnosis entity', async () => {
    process.env['EOG_CODE_CACHE'] = path.join(scratch.dir(), 'cache');
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const { diagnosis } = await investigateSnapshot(sampleWithCode(), { policy: createHeuristicPolicy(), ledgerFile });
    const drilled = readLedger(ledgerFile).filter((e) => e.type === 'CodeDrilled');
    expect(drilled.map((e) => e.node)).toEqual(['shop/Service/frontend']);
    const frontend = diagnosis.entities.find((e) => e.name === 'shop/Service/frontend');
    const top = frontend?.code?.[0];
    expect(top).toMatchObject({ file: 'banner.py', function: 'render_home', startLine: 3, endLine: 5 });
    expect(top?.snippet).toContain('if sale:');
    expect(top?.evidence.length).toBeGreaterThan(0);
    expect(diagnosis.entities.filter((e) => e.name !== 'shop/Service/frontend').every((e) => e.code === undefined)).toBe(true);
  });

  it('records nothing for a bundle without code.json', async () => {
    const ledgerFile = path.join(scratch.dir(), 'plain.sqlite');
    const { diagnosis } = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy(), ledgerFile });
    expect(readLedger(ledgerFile).some((e) => e.type === 'CodeDrilled')).toBe(false);
    expect(diagnosis.entities.every((e) => e.code === undefined)).toBe(true);
  });
});
