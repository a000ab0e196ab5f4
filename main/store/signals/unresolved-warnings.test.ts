import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../cli/commands/import.js';
import { generateIncident } from '../../generate/index.js';
import { tempDir } from '../../platform/testing/temp-dirs.js';
import { importBundle } from '../import.js';

/** A callee name no topology entity has, with markup and a terminal escape around it. */
const HOSTILE = 'downstream ledger-gateway returned 500 <b>\u001b[2J</b>';

describe('callee names no topology entity has, in the import summary', () => {
  let root: string;
  let bundle: string;
  beforeAll(async () => {
    root = tempDir('eog-unresolved-');
    bundle = (await generateIncident(join(root, 'bundle'), { fault: 'code_error', seed: 7, services: 4 })).dir;
    // The callers' error statuses now name a service the topology does not know.
    const spans = join(bundle, 'spans.jsonl');
    const text = readFileSync(spans, 'utf8');
    expect(text).toContain('downstream cart returned 500');
    writeFileSync(spans, text.replaceAll('"downstream cart returned 500"', JSON.stringify(HOSTILE)));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(['never', 'always'] as const)(
    'are warnings naming the spans file, from the main thread and from a worker (%s)',
    async (worker) => {
      const summary = await importBundle(bundle, join(root, `store-${worker}.sqlite`), { worker });
      const unresolved = summary.warnings.filter((w) => w.message.includes('"ledger-gateway"'));
      expect(unresolved.length).toBeGreaterThan(0);
      for (const w of unresolved) {
        expect(w).toMatchObject({ file: 'spans.jsonl', line: null });
        expect(w.message).toMatch(/^error statuses of shop\/Pod\/\S+ name "ledger-gateway" \(\d+ in the window, e\.g\. /);
        // Quoted as JSON: the escape is spelled out, not sent to a terminal.
        expect(w.message).toContain('\\u001b[2J');
      }
      // The CLI prints them, hostile characters shown, not obeyed.
      const printed = formatSummary(summary);
      expect(printed).toContain('spans.jsonl: error statuses of shop/');
      expect(printed).not.toContain('\u001b');
    },
  );

  it('are not raised for names the topology has', async () => {
    const clean = tempDir('eog-unresolved-clean-');
    try {
      const generated = await generateIncident(join(clean, 'bundle'), { fault: 'code_error', seed: 7, services: 4 });
      const summary = await importBundle(generated.dir, join(clean, 'store.sqlite'), { worker: 'never' });
      expect(summary.warnings.filter((w) => w.message.startsWith('error statuses of'))).toEqual([]);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });
});
