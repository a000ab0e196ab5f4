import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGroundTruth, scoreRootCause } from '../../core/scoring/index.js';
import { generateIncident, type GeneratedIncident } from '../generate/index.js';
import { changeModel, ownChanges } from '../policies/llm/testing/change-models.js';
import { packetOf } from '../policies/llm/testing/hostile.js';
import { useScratch } from './cli-test-support.js';
import { investigateAgainst } from './hostile-test-support.js';

/**
 * Issue 32, item 1: a change before the onset is an Origin's discriminating evidence on the LLM
 * road too. A generated config-change incident (the root is a ConfigMap, which has no telemetry),
 * models over real HTTP through the `openai` client.
 */
const scratch = useScratch();
const root = mkdtempSync(path.join(tmpdir(), 'eog-hostile-changes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let incident: GeneratedIncident;
/** The incident plus a change on its root long after the onset and one on an unrelated ConfigMap before it. */
let tampered: string;
let unrelatedChange: string;
let unrelatedEntity: string;

const MIN = 60_000;
const changeLine = (time: number, entity: string, summary: string): string =>
  JSON.stringify({ time: new Date(time).toISOString(), entity, kind: 'config', summary, diff: [{ path: 'data.X', from: '1', to: '2' }] });

beforeAll(async () => {
  incident = await generateIncident(path.join(root, 'incident'), { fault: 'config_change', seed: 1, services: 12 });
  tampered = path.join(root, 'tampered');
  cpSync(incident.dir, tampered, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(tampered, 'snapshot.json'), 'utf8')) as {
    incidentTime: string;
    window: { start: string };
  };
  const topology = JSON.parse(readFileSync(path.join(tampered, 'topology.json'), 'utf8')) as {
    entities: Array<{ id: string; kind: string }>;
  };
  const other = topology.entities.find((e) => e.kind === 'ConfigMap' && e.id !== incident.rootCause);
  if (!other) throw new Error('the generated topology has one ConfigMap only');
  unrelatedEntity = other.id;
  const changes = path.join(tampered, 'changes.jsonl');
  const lines = readFileSync(changes, 'utf8').trim().split('\n').length;
  const onset = Date.parse(manifest.incidentTime);
  appendFileSync(
    changes,
    `${changeLine(onset + 10 * MIN, incident.rootCause, 'log level raised to debug')}\n` +
      `${changeLine(Date.parse(manifest.window.start) + 2 * MIN, unrelatedEntity, 'cache size doubled')}\n`,
  );
  // The store names a change record by its line (main/store/rows.ts).
  unrelatedChange = `change:${lines + 2}`;
}, 120_000);

function groundTruthScore(frontier: readonly string[]) {
  const gt = parseGroundTruth(readFileSync(path.join(incident.dir, 'ground_truth.yaml'), 'utf8'));
  return scoreRootCause(gt, frontier, { k: 1 });
}

describe('a change before the onset is discriminating evidence (issue 32)', () => {
  it('a correct model that names the ConfigMap citing its change reaches a confident right answer', async () => {
    const run = await investigateAgainst(
      scratch,
      changeModel(incident.rootCause, (p) => ownChanges(p, 'before')),
      {
        bundle: incident.dir,
      },
    );
    const named = run.events.filter((e) => e.type === 'BeliefSet' && e.node === incident.rootCause && e.belief.label === 'Origin');
    expect(named.length).toBeGreaterThan(0);
    expect(run.events.filter((e) => e.type === 'OriginUnverified')).toEqual([]);
    expect(run.diagnosis.outcome).toBe('confident');
    expect(run.diagnosis.frontier[0]).toBe(incident.rootCause);
    expect(groundTruthScore(run.diagnosis.frontier).recall).toBe(1);
    expect(run.diagnosis.confidence.grounding).toBe('grounded');
  }, 120_000);

  it('refuses a change made long after the onset', async () => {
    const run = await investigateAgainst(
      scratch,
      changeModel(incident.rootCause, (p) => ownChanges(p, 'after')),
      { bundle: tampered },
    );
    const cited = run.events.flatMap((e) => (e.type === 'BeliefSet' && e.node === incident.rootCause ? e.belief.evidence : []));
    expect(cited.length).toBeGreaterThan(0);
    expect(run.events.some((e) => e.type === 'OriginUnverified' && e.node === incident.rootCause)).toBe(true);
    expect(run.diagnosis.outcome).toBe('no_confident_root_cause');
  }, 120_000);

  it('refuses a change on an unrelated object, a real record outside the packet', async () => {
    const run = await investigateAgainst(
      scratch,
      changeModel(incident.rootCause, () => [unrelatedChange]),
      { bundle: tampered },
    );
    // The record is real: the unrelated ConfigMap's own packet holds it.
    const shown = run.fake.requests.some((r) => {
      const packet = packetOf(r);
      return packet?.node === unrelatedEntity && packet.evidence.some((e) => e.id === unrelatedChange);
    });
    expect(shown).toBe(true);
    const rejected = run.events.filter((e) => e.type === 'ClaimRejected' && e.node === incident.rootCause);
    expect(rejected).toContainEqual(expect.objectContaining({ reason: 'fabricated evidence', evidence: [unrelatedChange] }));
    expect(run.diagnosis.outcome).toBe('no_confident_root_cause');
  }, 120_000);

  it('refuses an evidence id that does not exist', async () => {
    const run = await investigateAgainst(
      scratch,
      changeModel(incident.rootCause, () => ['change:999999']),
      { bundle: incident.dir },
    );
    expect(run.events.some((e) => e.type === 'ClaimRejected' && e.evidence.includes('change:999999'))).toBe(true);
    expect(run.diagnosis.outcome).toBe('no_confident_root_cause');
  }, 120_000);
});
