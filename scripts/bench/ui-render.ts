/**
 * UI render benchmark (not a test): `npx tsx scripts/bench/ui-render.ts [--quick] [--sizes 1000,10000,50000] [--runs 3]`.
 * Serves a generated topology-only bundle of N entities on the web host, opens it in Chromium
 * (Debian's, SwiftShader WebGL) and measures
 *   - firstRenderMs: navigation start → sigma's first frame (import, seeded ForceAtlas2 in
 *     the worker, sigma setup), from the `eog:first-render` performance mark;
 *   - panFrameMs: median requestAnimationFrame interval while dragging the camera;
 *   - panRenderMs: median sigma render time per frame while panning (`?bench` measures).
 * Prints a markdown table of medians over the runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startWebHost } from '../../main/web/index.js';
import { median } from './stats.js';

export interface UiRenderRow {
  nodes: number;
  edges: number;
  runs: number;
  firstRenderMs: number;
  panFrameMs: number;
  panRenderMs: number;
}

export interface UiRenderOptions {
  quick?: boolean;
  sizes?: number[];
  runs?: number;
  log?: (line: string) => void;
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'];

/** A deterministic service mesh: each entity calls one to two earlier ones (ids sort by index). */
function writeTopologyBundle(dir: string, nodes: number): number {
  const id = (i: number) => `bench/Service/s${String(i).padStart(6, '0')}`;
  const entities = Array.from({ length: nodes }, (_, i) => ({ id: id(i), kind: 'Service', name: `s${String(i).padStart(6, '0')}`, namespace: 'bench' }));
  const edges: Array<{ source: string; target: string; relation: string }> = [];
  for (let i = 1; i < nodes; i++) {
    edges.push({ source: id(i), target: id(Math.floor((i - 1) / 2)), relation: 'calls' });
    if (i % 3 === 0) edges.push({ source: id(i), target: id((i * 7919) % i), relation: 'depends_on' });
  }
  writeFileSync(path.join(dir, 'snapshot.json'), JSON.stringify({ format: 'eog-snapshot', version: 1, name: `bench ${nodes}`, incidentTime: '2026-03-01T10:04:00Z' }));
  writeFileSync(path.join(dir, 'topology.json'), JSON.stringify({ entities, edges }));
  return edges.length;
}

async function firstRender(page: Page, url: string, timeoutMs: number): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('eog:first-render').length > 0, undefined, { timeout: timeoutMs });
  return page.evaluate(() => (performance.getEntriesByName('eog:first-render')[0] as PerformanceEntry).startTime);
}

/** Drags the camera across the canvas while recording frame intervals and sigma render times. */
async function pan(page: Page): Promise<{ frame: number; render: number }> {
  const box = await page.getByTestId('graph-canvas').boundingBox();
  if (!box) throw new Error('the graph canvas is not on screen');
  // Scripts as strings: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    performance.clearMeasures('eog:render');
    const frames = [];
    window.__frames = frames;
    let last = performance.now();
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (frames.length < 10000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(cx + 200, cy + 120, { steps: 30 });
    await page.mouse.move(cx - 200, cy - 120, { steps: 30 });
  }
  await page.mouse.up();
  const sample = await page.evaluate<{ frames: number[]; renders: number[] }>(`({
    frames: window.__frames.slice(1),
    renders: performance.getEntriesByName('eog:render').map((e) => e.duration),
  })`);
  return { frame: median(sample.frames), render: median(sample.renders) };
}

async function measureSize(browser: Browser, nodes: number, runs: number, log: (line: string) => void): Promise<UiRenderRow> {
  const dir = mkdtempSync(path.join(tmpdir(), `eog-ui-bench-${nodes}-`));
  const edges = writeTopologyBundle(dir, nodes);
  const host = await startWebHost({ snapshot: dir, isInvestigationEnabled: false });
  const first: number[] = [];
  const frames: number[] = [];
  const renders: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      first.push(await firstRender(page, `${host.url}&bench`, 30 * 60_000));
      const panned = await pan(page);
      frames.push(panned.frame);
      renders.push(panned.render);
      log(`  ${nodes} nodes, run ${run + 1}/${runs}: first render ${first.at(-1)?.toFixed(0)} ms, pan frame ${panned.frame.toFixed(1)} ms`);
      await context.close();
    }
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { nodes, edges, runs, firstRenderMs: median(first), panFrameMs: median(frames), panRenderMs: median(renders) };
}

export function uiRenderTable(rows: readonly UiRenderRow[]): string {
  const lines = ['| nodes | edges | runs | first render (ms) | pan frame (ms) | sigma render per frame (ms) |', '|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.nodes} | ${r.edges} | ${r.runs} | ${r.firstRenderMs.toFixed(0)} | ${r.panFrameMs.toFixed(1)} | ${r.panRenderMs.toFixed(2)} |`);
  return lines.join('\n');
}

/** Medians per graph size; the 50k graph runs once (its layout alone takes a while). */
export async function benchUiRender(options: UiRenderOptions = {}): Promise<{ rows: UiRenderRow[] }> {
  const sizes = options.sizes ?? (options.quick ? [1000, 10_000] : [1000, 10_000, 50_000]);
  const log = options.log ?? (() => undefined);
  const browser = await chromium.launch({ executablePath: process.env.EOG_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const rows: UiRenderRow[] = [];
    for (const nodes of sizes) {
      const runs = options.runs ?? (options.quick || nodes >= 50_000 ? 1 : 3);
      try {
        rows.push(await measureSize(browser, nodes, runs, log));
      } catch (error) {
        // One size failing (e.g. the tab runs out of memory) must not lose the others' figures.
        log(`  ${nodes} nodes failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
    return { rows };
  } finally {
    await browser.close();
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = argValue('--sizes')?.split(',').map(Number);
  const runs = argValue('--runs');
  const { rows } = await benchUiRender({
    quick: process.argv.includes('--quick'),
    ...(sizes ? { sizes } : {}),
    ...(runs ? { runs: Number(runs) } : {}),
    log: (line) => console.error(line),
  });
  console.log(uiRenderTable(rows));
}
