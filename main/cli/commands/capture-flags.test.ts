import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCaptureFolder } from '../../convert/capture/testing/capture-folder.js';
import { parseCli, readLedger, sampleBundle, useScratch } from '../../session/cli-test-support.js';
import { UsageError } from '../errors.js';
import { captureOpening } from './capture-flags.js';

const scratch = useScratch();
const eog = (...args: string[]): Promise<unknown> => parseCli(args);
const incidentTime = '2026-03-01T09:43:00Z';
const window = '2026-03-01T09:00:00Z/2026-03-01T10:00:00Z';

/** The window and onset the investigation's bootstrap worked with, from its ledger. */
function bootstrapOf(ledger: string): { window: { start: number; end: number }; incidentTime: number | null } | null {
  const started = readLedger(ledger).find((e) => e.type === 'InvestigationStarted');
  return started?.type === 'InvestigationStarted' ? started.bootstrap : null;
}

describe('--incident-time and --window on the commands that open a snapshot folder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('eog investigate converts a capture folder with them, as eog convert capture would', async () => {
    const dir = scratch.dir();
    const capture = writeCaptureFolder(path.join(dir, 'checkout-incident'));
    const warnings: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => warnings.push(String(chunk)) > 0);
    const run = async (name: string, ...flags: string[]): Promise<string> => {
      const ledger = path.join(dir, `${name}.ledger`);
      expect(await eog('investigate', capture, '--ledger', ledger, '--out', path.join(dir, `${name}.json`), ...flags)).toBeNull();
      return ledger;
    };
    const given = await run('given', '--incident-time', incidentTime, '--window', window);
    expect(bootstrapOf(given)).toMatchObject({
      incidentTime: Date.parse(incidentTime),
      window: { start: Date.parse('2026-03-01T09:00:00Z'), end: Date.parse('2026-03-01T10:00:00Z') },
    });
    // Without them the window comes from the capture's alerts: another one.
    const guessed = await run('guessed');
    expect(bootstrapOf(guessed)?.window).not.toEqual(bootstrapOf(given)?.window);
    // The capture's gaps are printed, as eog convert prints them.
    expect(warnings.join('')).toContain('warning: kubectl/before.json: line 332: kind Rollout is not one the converter reads');
  }, 60_000);

  it('are usage errors when malformed, naming the flag', async () => {
    const capture = writeCaptureFolder(path.join(scratch.dir(), 'capture'));
    const badTime = await eog('investigate', capture, '--incident-time', '2026-03-01T09:43');
    expect(badTime).toBeInstanceOf(UsageError);
    expect(String(badTime)).toMatch(/--incident-time must be an ISO-8601 time with a zone.*got "2026-03-01T09:43"/);
    const badWindow = await eog('serve', capture, '--window', '2026-03-01T10:00:00Z/2026-03-01T09:00:00Z');
    expect(badWindow).toBeInstanceOf(UsageError);
    expect(String(badWindow)).toMatch(/--window ends before it starts/);
  });

  it('are a usage error when the incident time is outside the window: investigate, serve and convert capture alike', async () => {
    const capture = writeCaptureFolder(path.join(scratch.dir(), 'capture'));
    const out = path.join(scratch.dir(), 'out');
    for (const args of [
      ['investigate', capture],
      ['serve', capture],
      ['convert', 'capture', capture, '--out', out],
    ]) {
      const refused = await eog(...args, '--incident-time', '2026-03-01T10:30:00Z', '--window', window);
      expect(refused, args[0]).toBeInstanceOf(UsageError);
      expect(String(refused)).toContain(
        `--incident-time "2026-03-01T10:30:00Z" is outside --window "${window}": the incident must fall within the window it is investigated in`,
      );
    }
  });

  it('are usage errors for anything but a capture folder: investigate and serve alike', async () => {
    for (const command of ['investigate', 'serve']) {
      const refused = await eog(command, sampleBundle, '--incident-time', incidentTime);
      expect(refused, command).toBeInstanceOf(UsageError);
      expect(String(refused)).toContain(
        `--incident-time and --window apply only to a capture folder (OTLP / Prometheus / kubectl exports) or a ClickHouse database the OpenTelemetry Collector wrote, but ${sampleBundle} is a native bundle (its snapshot.json states its times)`,
      );
    }
    // serve without a snapshot opens the bundled sample, which is no capture either.
    expect(await eog('serve', '--window', window)).toBeInstanceOf(UsageError);
    const store = path.join(scratch.dir(), 'evidence.sqlite');
    expect(String(await eog('investigate', store, '--window', window))).toMatch(/but .*evidence\.sqlite is neither/);
  });

  it('place the window of a ClickHouse database (one the Collector wrote) for investigate and serve', async () => {
    expect(captureOpening('chdb:/tmp/db', { window, incidentTime })).toEqual({
      kind: 'store',
      window: {
        window: { start: Date.parse('2026-03-01T09:00:00Z'), end: Date.parse('2026-03-01T10:00:00Z') },
        incidentTime: Date.parse(incidentTime),
      },
    });
    expect(captureOpening('clickhouse://ch:8123/otel', {})).toEqual({ kind: 'store', window: undefined });
    // serve opens it with them as the open dialog does (e2e/open-store.spec.ts serves a real one).
  });
});
