import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { anchorEvidence, type CodePdg } from '../../core/code/index.js';
import { buildServicePdg } from './build.js';

let pdg: CodePdg;
beforeAll(async () => {
  pdg = await buildServicePdg(join(import.meta.dirname, 'fixtures', 'otel-demo', 'checkout'), { cacheDir: null });
});

describe('anchors from evidence to code (checkout, Go)', () => {
  it('anchors a log template to the logging call that writes it', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'log', text: 'failed to send order confirmation: <*>' }]);
    expect(anchor?.blocks[0]).toMatchObject({ file: 'main.go', startLine: 406, function: 'PlaceOrder' });
  });

  it('anchors an error message to the site that returns it', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'error', text: 'failed to charge card: could not connect to payment' }]);
    expect(anchor?.blocks[0]).toMatchObject({ file: 'main.go', startLine: 357, function: 'PlaceOrder' });
  });

  it('anchors an operation name to its handler by the last segment', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'span', text: 'oteldemo.CheckoutService/PlaceOrder' }]);
    expect(anchor?.blocks[0]).toMatchObject({ function: 'PlaceOrder', level: 'function' });
  });

  it('anchors a flag of a ConfigMap diff to the branch its value decides, through the generated accessor', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'flag', text: 'paymentUnreachable' }]);
    expect(anchor?.blocks[0]).toMatchObject({ file: 'main.go', startLine: 570, function: 'chargeCard' });
  });

  it('anchors a stack frame to its block', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'frame', text: 'main.(*checkout).chargeCard(...)\n\t/app/main.go:572 +0x1d' }]);
    expect(anchor?.blocks[0]).toMatchObject({ startLine: 570, level: 'block' });
  });

  it('anchors a stopped log statement to its block and the blocks between it and its predecessor', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'stopped-log', text: 'sending to postProcessor', predecessor: 'payment went through' }]);
    const lines = anchor?.blocks.map((b) => b.startLine);
    expect(lines?.[0]).toBe(413);
    expect(lines).toEqual(expect.arrayContaining([370, 406]));
    expect(anchor?.blocks.every((b) => b.file === 'main.go')).toBe(true);
  });

  it('gives evidence that meets no code no blocks', () => {
    const [anchor] = anchorEvidence(pdg, [{ kind: 'log', text: 'a message no service here writes at all' }]);
    expect(anchor?.blocks).toEqual([]);
  });
});
