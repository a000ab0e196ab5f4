import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createController } from '../../core/controller/index.js';
import { createMemoryPacketBuilder, scriptedPolicy } from '../../core/controller/test-support.js';
import { ids, workedExampleEvidence, workedExampleGraph, workedExamplePolicy } from '../../core/controller/worked-example.fixture.js';
import { sha256Hex } from '../../core/ledger/index.js';
import { LedgerSequenceError, openLedger } from './ledger-file.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-ledger-'));
  dirs.push(dir);
  return join(dir, 'ledger.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function runInto(file: string) {
  const ledger = openLedger(file);
  const graph = workedExampleGraph();
  const controller = createController({
    graph,
    settings: { budget: 40 },
    seeds: [{ node: ids.gateway, reason: 'alert' }],
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy: scriptedPolicy(workedExamplePolicy),
    snapshotHash: 'ledger-file',
    onStep: (record) => ledger.appendStep(record),
  });
  await controller.run();
  return { ledger, controller };
}

describe('ledger file', () => {
  it('stores events, packets and call durations of every step', async () => {
    const file = tempFile();
    const { ledger, controller } = await runInto(file);
    expect(ledger.events()).toEqual(controller.events);
    expect(ledger.events(10)).toEqual(controller.events.slice(11));
    const built = controller.events.filter((e) => e.type === 'PacketBuilt');
    for (const event of built) {
      if (event.type !== 'PacketBuilt') continue;
      expect(ledger.packet(event.packetHash)?.node).toBe(event.node);
    }
    expect(ledger.packet('no-such-hash')).toBeNull();
    const calls = controller.events.filter((e) => e.type === 'PolicyCalled').map((e) => e.seq);
    expect([...ledger.callMetrics().keys()]).toEqual(calls);
    ledger.close();
  });

  it('content-addresses packets with the SHA-256 of their canonical JSON', async () => {
    const file = tempFile();
    const { ledger } = await runInto(file);
    ledger.close();
    const db = new Database(file, { readonly: true });
    const rows = db.prepare<[], { hash: string; body: string }>('SELECT hash, body FROM packets').all();
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.hash).toBe(createHash('sha256').update(row.body, 'utf8').digest('hex'));
      expect(sha256Hex(row.body)).toBe(row.hash);
    }
  });

  it('hashes like node:crypto at every padding boundary and for non-ASCII text', () => {
    for (const text of ['', 'é✓𝄞', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'b'.repeat(100_000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('writes a step all or nothing and refuses gaps and repeats', async () => {
    const file = tempFile();
    const { ledger, controller } = await runInto(file);
    const count = ledger.events().length;
    const repeat = { events: controller.events.slice(-2), packets: [], metrics: [] };
    expect(() => ledger.appendStep(repeat)).toThrow(LedgerSequenceError);
    const last = controller.events.at(-1);
    const broken = {
      events: [
        { seq: count, type: 'Paused' as const },
        { seq: count + 5, type: 'Resumed' as const },
      ],
      packets: [{ hash: 'h', json: '{}' }],
      metrics: [],
    };
    expect(() => ledger.appendStep(broken)).toThrow(LedgerSequenceError);
    expect(ledger.events()).toHaveLength(count);
    expect(ledger.packet('h')).toBeNull();
    expect(last?.type).toBe('Finished');
    ledger.close();
  });

  it('is append-only at the SQL level too', async () => {
    const file = tempFile();
    const { ledger } = await runInto(file);
    ledger.close();
    const db = new Database(file);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    expect(() => db.prepare("UPDATE events SET body = '{}'").run()).toThrow(/append-only/);
    db.close();
  });

  it('stores byte-identical ledgers for two identical runs', async () => {
    const a = tempFile();
    const b = tempFile();
    (await runInto(a)).ledger.close();
    (await runInto(b)).ledger.close();
    const bodies = (file: string) => {
      const db = new Database(file, { readonly: true });
      const text = db
        .prepare<[], { body: string }>('SELECT body FROM events ORDER BY seq')
        .all()
        .map((r) => r.body)
        .join('\n');
      db.close();
      return text;
    };
    expect(bodies(b)).toBe(bodies(a));
    expect(bodies(a)).toContain('"type":"Finished"');
  });
});
