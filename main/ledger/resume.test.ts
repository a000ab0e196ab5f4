import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createController } from '../../core/controller/index.js';
import type { Controller, ControllerOptions } from '../../core/controller/index.js';
import { createMemoryPacketBuilder, scriptedPolicy, seededRandom } from '../../core/controller/test-support.js';
import { ids, workedExampleEvidence, workedExampleGraph, workedExamplePolicy } from '../../core/controller/worked-example.fixture.js';
import { serialiseLedger } from '../../core/ledger/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { openLedger } from './ledger-file.js';
import type { LedgerFile } from './ledger-file.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-resume-'));
  dirs.push(dir);
  return join(dir, 'ledger.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh controller on a ledger file, as a new process would create it. */
function controllerOn(ledger: LedgerFile, concurrency: number, delaySeed: number): Controller {
  const graph = workedExampleGraph();
  const random = seededRandom(delaySeed);
  const options: ControllerOptions = {
    graph,
    settings: { budget: 40, concurrency },
    seeds: [{ node: ids.gateway, reason: 'alert' }],
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy: scriptedPolicy(workedExamplePolicy, () => Math.floor(random() * 4)),
    snapshotHash: 'resume',
    history: ledger.events(),
    onStep: (record) => ledger.appendStep(record),
  };
  return createController(options);
}

async function uninterrupted(concurrency: number): Promise<LedgerEvent[]> {
  const ledger = openLedger(tempFile());
  await controllerOn(ledger, concurrency, 7).run();
  const events = ledger.events();
  ledger.close();
  return events;
}

function expectNoDuplicatedSteps(events: readonly LedgerEvent[]): void {
  events.forEach((event, i) => expect(event.seq).toBe(i));
  const evaluations = events.flatMap((e) => (e.type === 'StepStarted' ? [e.evaluation] : []));
  expect(evaluations).toEqual(evaluations.map((_, i) => i + 1));
  expect(events.filter((e) => e.type === 'InvestigationStarted')).toHaveLength(1);
}

describe('resume from a ledger file', () => {
  for (const concurrency of [1, 3]) {
    it(`after a kill at any step gives the uninterrupted ledger (concurrency ${concurrency})`, async () => {
      const expected = await uninterrupted(concurrency);
      const ticks = expected.filter((e) => e.type === 'StepStarted').length;
      expect(expected.at(-1)).toMatchObject({ type: 'Finished', frontier: [ids.frontend] });
      for (let k = 0; k <= ticks; k++) {
        const file = tempFile();
        const first = openLedger(file);
        const dying = controllerOn(first, concurrency, k);
        for (let i = 0; i < k && dying.state.status !== 'finished'; i++) await dying.step();
        first.close();

        const reopened = openLedger(file);
        const resumed = controllerOn(reopened, concurrency, 100 + k);
        const finished = await resumed.run();
        const events = reopened.events();
        reopened.close();
        expect(finished?.frontier).toEqual([ids.frontend]);
        expectNoDuplicatedSteps(events);
        expect(serialiseLedger(events)).toBe(serialiseLedger(expected));
      }
    });
  }

  it('does nothing more when the ledger already finished', async () => {
    const file = tempFile();
    const ledger = openLedger(file);
    await controllerOn(ledger, 1, 1).run();
    const count = ledger.events().length;
    const again = controllerOn(ledger, 1, 2);
    expect(again.state.status).toBe('finished');
    expect(await again.run()).toMatchObject({ type: 'Finished' });
    expect(ledger.events()).toHaveLength(count);
    ledger.close();
  });
});
