import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedKeys } from '../../core/code/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import type { EventOf } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import type { CodeStepContext } from '../../core/code/index.js';
import { testPolicy, useFakeOpenAI } from '../policies/llm/testing/harness.js';
import { goodModel, promptBlock } from '../policies/llm/testing/models.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { readLedger, runCli, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';
import { writeFlagIncident, type FlagIncidentOptions } from './testing/flag-incident.js';

/**
 * The code layer through a change, end to end (docs/code-layer.md, "Through a change"): a flag
 * switched in a ConfigMap mounted into two services with real source (the OpenTelemetry Demo's
 * ad and cart); the diagnosis names the ConfigMap, the service whose code reads the flag, and
 * the block that branches on it — and no block of the service that does not read it.
 */
const scratch = useScratch();
const serve = useFakeOpenAI();
const ad = 'otel-demo/Service/ad';
const cart = 'otel-demo/Service/cart';
const checkout = 'otel-demo/Service/checkout';

function bundle(options: FlagIncidentOptions): ReturnType<typeof writeFlagIncident> {
  process.env['EOG_CODE_CACHE'] = path.join(scratch.dir(), 'cache');
  return writeFlagIncident(path.join(scratch.dir(), 'bundle'), { source: true, ...options });
}

function drilledOf(ledgerFile: string, node: string): EventOf<'CodeDrilled'> | undefined {
  return readLedger(ledgerFile).find((e): e is EventOf<'CodeDrilled'> => e.type === 'CodeDrilled' && e.node === node);
}

describe('eog investigate on a flag incident with its services’ source', () => {
  it('names the ConfigMap first, the service whose code reads the flag, and the block that branches on it', async () => {
    const incident = bundle({});
    const out = path.join(scratch.dir(), 'd.json');
    const ledger = path.join(scratch.dir(), 'ledger.sqlite');
    const run = await runCli(['investigate', incident.dir, '--out', out, '--ledger', ledger]);
    expect(run.code, run.stderr).toBe(0);
    const diagnosis = JSON.parse(readFileSync(out, 'utf8')) as Diagnosis;
    const first = diagnosis.entities[0];
    expect(first?.name).toBe(incident.configMap);
    expect(first?.contributing_factor).toBe(true);
    const code = first?.code ?? [];
    expect(code[0]).toMatchObject({
      service: ad,
      file: 'src/main/java/oteldemo/AdService.java',
      function: 'getAds',
      startLine: 238,
      endLine: 240,
    });
    expect(code[0]?.reason).toContain('the value of "adFailure" decides');
    expect(code[0]?.snippet).toContain('ffClient.getBooleanValue(AD_FAILURE, false, evaluationContext)');
    expect(code[0]?.evidence.length).toBeGreaterThan(0);
    // Cart and checkout are configured by the same ConfigMap and have source, but never read
    // adFailure; checkout has a variable `flags` (its generated flags package), a name of the changed path.
    expect(code.map((b) => b.service)).not.toContain(cart);
    expect(code.map((b) => b.service)).not.toContain(checkout);
    expect(code.every((b) => b.service === ad)).toBe(true);
    expect(diagnosis.entities.filter((e) => e.name !== incident.configMap).every((e) => e.code === undefined)).toBe(true);

    const drilled = drilledOf(ledger, incident.configMap);
    expect(drilled?.status).toBe('located');
    expect(drilled?.services?.map((s) => s.service).sort()).toEqual([ad, cart, checkout]);
    // The changed names of the flag file are flags, adFailure and defaultVariant; only adFailure is read.
    expect(drilled?.anchors.map((a) => a.text)).toEqual(['adFailure']);

    const report = path.join(scratch.dir(), 'report.md');
    const exported = await runCli(['export', ledger, '--format', 'md', '--out', report]);
    expect(exported.code, exported.stderr).toBe(0);
    const md = readFileSync(report, 'utf8');
    expect(md).toContain(`${ad} src/main/java/oteldemo/AdService.java:238-240 in getAds`);
    expect(md).toContain(`**Code:** ${ad} `);
    expect(md).not.toContain(`**Code:** ${cart}`);
    expect(md).not.toContain(`**Code:** ${checkout}`);
  }, 60_000);

  it('follows the flag, not a service: cartFailure switched on names the cart’s branch and no block of ad', async () => {
    const incident = bundle({ flag: 'cartFailure', variant: '25%', failing: 'cart' });
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const { diagnosis } = await investigateSnapshot(incident.dir, { policy: createHeuristicPolicy(), ledgerFile });
    const first = diagnosis.entities[0];
    expect(first?.name).toBe(incident.configMap);
    expect(first?.code?.[0]).toMatchObject({ service: cart, file: 'src/services/CartService.cs', startLine: 83 });
    expect(first?.code?.[0]?.reason).toContain('the value of "cartFailure" decides');
    expect(first?.code?.every((b) => b.service === cart)).toBe(true);
  }, 60_000);

  it('follows a flag a daemon serves: the ConfigMap mounted into flagd alone still reaches the code of its callers', async () => {
    // As the OpenTelemetry Demo deploys it: only flagd mounts the file; ad, cart and checkout ask flagd.
    const incident = bundle({ served: true });
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const { diagnosis } = await investigateSnapshot(incident.dir, { policy: createHeuristicPolicy(), ledgerFile });
    expect(diagnosis.frontier[0]).toBe(incident.configMap);
    const first = diagnosis.entities[0];
    expect(first?.code?.[0]).toMatchObject({ service: ad, file: 'src/main/java/oteldemo/AdService.java', startLine: 238 });
    expect(first?.code?.every((b) => b.service === ad)).toBe(true);
    expect(
      drilledOf(ledgerFile, incident.configMap)
        ?.services?.map((s) => s.service)
        .sort(),
    ).toEqual([ad, cart, checkout]);
  }, 60_000);

  it('gives no block when no service the ConfigMap configures reads the switched flag', async () => {
    const incident = bundle({ flag: 'imageSlowLoad', variant: '5sec' });
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    const { diagnosis } = await investigateSnapshot(incident.dir, { policy: createHeuristicPolicy(), ledgerFile });
    expect(diagnosis.entities[0]?.name).toBe(incident.configMap);
    const drilled = drilledOf(ledgerFile, incident.configMap);
    expect(drilled).toMatchObject({ status: 'no-match', blocks: [], anchors: [] });
    expect(diagnosis.entities.every((e) => e.code === undefined)).toBe(true);
  }, 60_000);

  it('records no drill without source', async () => {
    const incident = bundle({ source: false });
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    await investigateSnapshot(incident.dir, { policy: createHeuristicPolicy(), ledgerFile });
    expect(readLedger(ledgerFile).some((e) => e.type === 'CodeDrilled')).toBe(false);
  }, 60_000);
});

describe('the LLM policy’s walk through a change', () => {
  it('walks the reading service’s code: each step names the service, the model’s selection goes first', async () => {
    const incident = bundle({});
    const contexts: CodeStepContext[] = [];
    const fake = await serve((request: FakeRequest) => {
      const context = promptBlock(request, 'block') as CodeStepContext | undefined;
      if (context === undefined) return goodModel(request);
      contexts.push(context);
      const cited = context.evidence.find((e) => e.type === 'change')?.id;
      return {
        content: JSON.stringify({
          action: 'select',
          block: context.block.id,
          reason: 'the flag switched on throws here',
          evidence: [cited],
        }),
      };
    });
    const policy = testPolicy(fake.url);
    const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
    try {
      const { diagnosis } = await investigateSnapshot(incident.dir, { policy, ledgerFile });
      expect(diagnosis.entities[0]?.name).toBe(incident.configMap);
      const code = diagnosis.entities[0]?.code ?? [];
      expect(code[0]).toMatchObject({ service: ad, file: 'src/main/java/oteldemo/AdService.java', startLine: 238 });
      expect(code[0]?.reason).toBe('selected by the model: the flag switched on throws here');
      const events = readLedger(ledgerFile);
      const steps = events.filter((e): e is EventOf<'CodeStep'> => e.type === 'CodeStep');
      expect(steps.length).toBe(contexts.length);
      expect(steps.map((e) => e.service)).toEqual(steps.map(() => ad));
      expect(steps.at(-1)).toMatchObject({ by: 'model', action: 'select', rejected: null });
      expect(drilledOf(ledgerFile, incident.configMap)?.chosenBy).toBe('model');
      // Only the reading service's code is shown to the model.
      expect(contexts.every((c) => c.source.join('\n').length > 0 && c.block.file.startsWith('src/main/java/'))).toBe(true);
    } finally {
      policy.close();
    }
  }, 120_000);
});

describe('changedKeys: the keys a configuration change sets', () => {
  it('reads inside a file held in a data key, captured whole or by path', () => {
    const before = JSON.stringify({ flags: { adFailure: { defaultVariant: 'off' }, cartFailure: { defaultVariant: 'off' } } });
    const after = JSON.stringify({ flags: { adFailure: { defaultVariant: 'on' }, cartFailure: { defaultVariant: 'off' } } });
    expect(changedKeys([{ path: 'data.demo.flagd.json', from: before, to: after }])).toEqual(['flags', 'adFailure', 'defaultVariant']);
    expect(changedKeys([{ path: 'data.flags.yaml', from: 'bulkPrefetch:\n  on: false\n', to: 'bulkPrefetch:\n  on: true\n' }])).toEqual([
      'bulkPrefetch',
    ]);
    expect(changedKeys([{ path: 'data.flags.yaml/strictInventorySync.defaultVariant', from: 'off', to: 'on' }])).toEqual([
      'strictInventorySync',
      'defaultVariant',
    ]);
  });

  it('takes a plain data key whole, below the object’s own field', () => {
    expect(changedKeys([{ path: 'data.PAGE_SIZE', from: '20', to: '24' }])).toEqual(['PAGE_SIZE']);
    expect(changedKeys([{ path: 'data.app.timeout', from: '2', to: '20' }])).toEqual(['app.timeout']);
    expect(changedKeys([{ path: 'flags.flash_sale', from: false, to: true }])).toEqual(['flash_sale']);
    // A value that is not a document stays a value: no names come from it.
    expect(changedKeys([{ path: 'data.MOTD', from: 'hello: world', to: 'bye' }])).toEqual(['MOTD']);
  });
});
