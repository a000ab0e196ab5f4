/**
 * The web host under a long fuzz and concurrent floods (#48): `main/web/fuzz` frames (payloads
 * from every channel's zod schema, malformed and oversized frames, invalid UTF-8, binary frames,
 * sockets dropped mid-request) against a host serving a converted lab incident, then floods of
 * concurrent `node.inspect` and `evidence.charts` on an investigated case. Reports whether the
 * host stayed up, unhandled errors, RSS before and after, and how long the floods took.
 *
 *   npx tsx scripts/bench/fuzz-host.ts [--frames 100000] [--flood 1000] [--write]
 *
 * `--write` puts the figures into BENCHMARKS.md (region `fuzz-host`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { convertCapture } from '../../main/convert/capture/convert.js';
import { startWebHost } from '../../main/web/host.js';
import { call, fuzzHost, hostAnswers, openRpcSocket, type FuzzTarget } from '../../main/web/fuzz/run.js';
import { regionMarkers, replaceBenchSection } from './section.js';

const root = resolve(import.meta.dirname, '..', '..');
const lab = join(root, 'main', 'convert', 'capture', 'testdata', 'lab-02-redis-stop');

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: a positive integer`);
  return value;
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** `count` requests in flight at once, spread over 8 sockets; the time until the last reply. */
async function flood(
  target: FuzzTarget,
  count: number,
  request: (i: number) => { channel: string; input: unknown },
): Promise<{ ms: number; ok: number }> {
  const sockets = await Promise.all(Array.from({ length: 8 }, () => openRpcSocket(target)));
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { channel, input } = request(i);
      return call(sockets[i % sockets.length]!, 10_000 + i, channel, input, 300_000).then(
        (r) => (r as { ok?: boolean }).ok === true,
        () => false,
      );
    }),
  );
  const ms = performance.now() - started;
  for (const s of sockets) s.terminate();
  return { ms, ok: replies.filter(Boolean).length };
}

async function main(): Promise<void> {
  const frames = flag('--frames', 100_000);
  const floodCount = flag('--flood', 1000);
  const work = mkdtempSync(join(tmpdir(), 'eog-fuzz-host-'));
  const unhandled: unknown[] = [];
  process.on('unhandledRejection', (e) => unhandled.push(e));
  process.on('uncaughtException', (e) => unhandled.push(e));
  try {
    const times = JSON.parse(readFileSync(join(lab, 'times.json'), 'utf8')) as Record<string, string>;
    const [start = '', end = ''] = (times.window ?? '').split('/');
    const bundle = join(work, 'lab-02');
    convertCapture({ otlp: [join(lab, 'capture', 'otlp')], prometheus: [join(lab, 'capture', 'prom')] }, bundle, {
      window: { start, end },
    });
    mkdirSync(join(work, 'renderer'));
    writeFileSync(join(work, 'renderer', 'index.html'), '<!doctype html><title>EoG</title>');
    mkdirSync(join(work, 'scratch'));
    const host = await startWebHost({ snapshot: bundle, rendererDir: join(work, 'renderer'), casesFile: null });
    const ws = await openRpcSocket(host);
    const nodes = ((await call(ws, 1, 'graph.get', {})) as { value: { nodes: { id: string }[] } }).value.nodes.map((n) => n.id);
    ws.terminate();
    const rssBefore = process.memoryUsage().rss;
    const report = await fuzzHost(host, {
      frames,
      seed: 48,
      batch: 1000,
      paths: {
        path: fc.oneof(
          fc.constant(bundle),
          fc.stringMatching(/^[a-z]{1,8}$/).map((name) => join(work, 'scratch', name)),
        ),
        url: fc.constant('http://127.0.0.1:9/v1'),
        node: fc.constantFrom(...nodes),
      },
    });
    const rssAfterFuzz = process.memoryUsage().rss;
    // An investigated case for the floods: started and run to its end.
    const control = await openRpcSocket(host);
    await call(control, 2, 'investigation.start', {}, 300_000);
    await call(control, 3, 'investigation.run', {}, 300_000);
    control.terminate();
    const inspect = await flood(host, floodCount, (i) => ({ channel: 'node.inspect', input: { node: nodes[i % nodes.length] } }));
    const charts = await flood(host, floodCount, (i) => ({
      channel: 'evidence.charts',
      input: { node: nodes[i % nodes.length], width: 600 },
    }));
    const charts400 = await flood(host, 400, (i) => ({ channel: 'evidence.charts', input: { node: nodes[i % nodes.length], width: 600 } }));
    const alive = await hostAnswers(host);
    const rssAfter = process.memoryUsage().rss;
    await host.close();
    const rows = [
      '| measure | value |',
      '| --- | --- |',
      `| frames sent (payloads of every channel, malformed, oversized, invalid UTF-8, binary, dropped sockets) | ${report.frames} |`,
      `| well-formed requests on kept sockets / replies | ${report.requests} / ${report.replies} |`,
      `| requests on sockets dropped mid-request | ${report.dropped} |`,
      `| sockets the host closed, by code | ${Object.entries(report.closes)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', ')} |`,
      `| checks after each batch of 1,000 that a fresh client is answered | ${report.checks - report.failedChecks} of ${report.checks} |`,
      `| fuzz time | ${(report.elapsedMs / 1000).toFixed(0)} s |`,
      `| ${floodCount} concurrent node.inspect: answered, time | ${inspect.ok}, ${(inspect.ms / 1000).toFixed(1)} s |`,
      `| ${floodCount} concurrent evidence.charts: answered, time | ${charts.ok}, ${(charts.ms / 1000).toFixed(1)} s |`,
      `| 400 concurrent evidence.charts: answered, time | ${charts400.ok}, ${(charts400.ms / 1000).toFixed(1)} s |`,
      `| RSS before the fuzz / after it / after the floods | ${mib(rssBefore)} / ${mib(rssAfterFuzz)} / ${mib(rssAfter)} |`,
      `| unhandled errors | ${unhandled.length} |`,
      `| host answers at the end | ${alive ? 'yes' : 'no'} |`,
    ].join('\n');
    process.stdout.write(`${rows}\n`);
    if (process.argv.includes('--write')) {
      const body = `\nWritten by \`npx tsx scripts/bench/fuzz-host.ts --frames ${frames} --flood ${floodCount} --write\` on ${new Date().toISOString()}, the host in the script's process serving \`main/convert/capture/testdata/lab-02-redis-stop\` converted (window only); the floods after a heuristic investigation ran to its end.\n\n${rows}\n\n`;
      const file = join(root, 'BENCHMARKS.md');
      writeFileSync(file, replaceBenchSection(readFileSync(file, 'utf8'), body, regionMarkers('fuzz-host')));
    }
    if (!alive || unhandled.length > 0 || report.failedChecks > 0 || report.replies !== report.requests) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
