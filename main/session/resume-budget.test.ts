import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerMismatchError } from '../../core/controller/index.js';
import { InvestigationSettings } from '../../core/ipc/index.js';
import type { EventOf } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { openLedger } from '../ledger/index.js';
import { sampleBundle, useScratch } from './cli-test-support.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';

/** A resumed ledger goes on with the packets an uninterrupted run builds: the packet budget it started with. */
const scratch = useScratch();
const settings = InvestigationSettings.parse({ budget: 30 });

async function steps(ledgerFile: string, count: number, tokenBudget?: number): Promise<void> {
  const service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(sampleBundle) });
  try {
    await service.start({ settings, policy: createHeuristicPolicy(), ledgerFile, ...(tokenBudget ? { tokenBudget } : {}) });
    for (let i = 0; i < count; i++) await service.step();
  } finally {
    service.close();
  }
}

function budgetsOf(ledgerFile: string): number[] {
  const ledger = openLedger(ledgerFile);
  try {
    return ledger
      .events()
      .filter((e): e is EventOf<'PacketBuilt'> => e.type === 'PacketBuilt')
      .map((e) => ledger.packet(e.packetHash)?.tokenBudget ?? -1);
  } finally {
    ledger.close();
  }
}

describe('resuming a ledger built with --token-budget', () => {
  it('keeps the recorded budget when none is given, and refuses another', async () => {
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    await steps(ledgerFile, 2, 1500);
    const first = budgetsOf(ledgerFile);
    expect(first.length).toBeGreaterThan(0);
    await steps(ledgerFile, 2);
    const resumed = budgetsOf(ledgerFile);
    expect(resumed.length).toBeGreaterThan(first.length);
    expect(new Set(resumed)).toEqual(new Set([1500]));
    await expect(steps(ledgerFile, 1, 3000)).rejects.toThrow(LedgerMismatchError);
    await expect(steps(ledgerFile, 1, 3000)).rejects.toThrow(/token budget of 1500/);
    // The refused resume wrote nothing.
    expect(budgetsOf(ledgerFile)).toEqual(resumed);
  });
});
