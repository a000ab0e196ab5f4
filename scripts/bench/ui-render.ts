/**
 * UI render benchmark (not a test): `npx tsx scripts/bench/ui-render.ts [--quick] [--sizes 1000,10000,50000] [--runs 3]`.
 * Serves a generated topology-only bundle of N entities on the web host, opens it in Chromium
 * (Debian's, SwiftShader WebGL) and measures
 *   - firstRenderMs: navigation start → sigma's first frame (graph fetch, start positions,
 *     sigma setup), from the `eog:first-render` performance mark;
 *   - layoutDoneMs: navigation start → the final layout is on screen (ForceAtlas2 in the
 *     worker, scaled down or skipped for large graphs), from `eog:layout-done`;
 *   - panFrameMs: median requestAnimationFrame interval while dragging the camera, after the
 *     layout is done;
 *   - panRenderMs: median sigma render time per frame while panning (`?bench` measures);
 *   - heapMb: the page's JS heap after the layout (Chromium's performance.memory).
 * Prints a markdown table of medians over the runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireChromium } from '../../main/platform/chromium.js';
import { startWebHost } from '../../main/web/index.js';
import { median } from './stats.js';

export interface UiRenderRow {
  nodes: number;
  edges: number;
  runs: number;
  firstRenderMs: number;
  layoutDoneMs: number;
  panFrameMs: number;
  panRenderMs: number;
  heapMb: number;
}

export interface UiRenderOptions {
  quick?: boolean;
  sizes?: number[];
  runs?: number;
  log?: (line: string) => void;
}

/** A first render or layout slower than this counts as a failure of that size. */
const MARK_TIMEOUT_MS = 5 * 60_000;

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'];

/** A deterministic service mesh: each entity calls one to two earlier ones (ids sort by index). */
function writeTopologyBundle(dir: string, nodes: number): number {
  const id = (i: number) => `bench/Service/s${String(i).padStart(6, '0')}`;
  const entities = Array.from({ length: nodes }, (_, i) => ({
    id: id(i),
    kind: 'Service',
    name: `s${String(i).padStart(6, '0')}`,
    namespace: 'bench',
  }));
  const edges: Array<{ source: string; target: string; relation: string }> = [];
  for (let i = 1; i < nodes; i++) {
    edges.push({ source: id(i), target: id(Math.floor((i - 1) / 2)), relation: 'calls' });
    if (i % 3 === 0) edges.push({ source: id(i), target: id((i * 7919) % i), relation: 'depends_on' });
  }
  writeFileSync(
    path.join(dir, 'snapshot.json'),
    JSON.stringify({ format: 'eog-snapshot', version: 1, name: `bench ${nodes}`, incidentTime: '2026-03-01T10:04:00Z' }),
  );
  writeFileSync(path.join(dir, 'topology.json'), JSON.stringify({ entities, edges }));
  return edges.length;
}

class PageCrashedError extends Error {
  override name = 'PageCrashedError';
  constructor(nodes: number) {
    super(`the Chromium tab crashed with ${nodes} nodes (out of memory?)`);
  }
}

/** Resolves with the mark's time; rejects at once if the tab crashes rather than at the timeout. */
async function waitForMark(page: Page, mark: string, nodes: number, timeoutMs: number): Promise<number> {
  let onCrash = (): void => undefined;
  const crashed = new Promise<never>((_, reject) => {
    onCrash = () => reject(new PageCrashedError(nodes));
    page.once('crash', onCrash);
  });
  try {
    await Promise.race([
      page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: timeoutMs }),
      crashed,
    ]);
  } finally {
    page.off('crash', onCrash);
  }
  return page.evaluate((name) => (performance.getEntriesByName(name)[0] as PerformanceEntry).startTime, mark);
}

/** Frames of continuous dragging measured per pan. */
const PAN_FRAMES = 120;

/**
 * Drags the camera in the page itself: a mouse down on sigma's mouse layer, then one mouse
 * move per animation frame along an ellipse, recording frame intervals and sigma render
 * times. Driving the mouse through the DevTools protocol instead measured its round trips
 * (about 175 ms a move here), not the page: every frame between two moves was idle.
 */
async function pan(page: Page): Promise<{ frame: number; render: number }> {
  // A string: tsx would wrap named functions in a helper the page does not have.
  const sample = await page.evaluate<{ frames: number[]; renders: number[] }>(`(async () => {
    performance.clearMeasures('eog:render');
    const layer = document.querySelector('[data-testid="graph-canvas"] .sigma-mouse');
    if (!layer) throw new Error('sigma mouse layer not found');
    const box = layer.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const fire = (type, x, y) =>
      layer.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === 'mouseup' ? 0 : 1 }));
    fire('mousedown', cx, cy);
    const frames = [];
    await new Promise((resolve) => {
      let i = 0;
      let last = 0;
      const tick = (now) => {
        if (i > 0) frames.push(now - last);
        last = now;
        const angle = (i / 40) * 2 * Math.PI;
        fire('mousemove', cx + 200 * Math.sin(angle), cy + 120 * (1 - Math.cos(angle)));
        i += 1;
        if (i <= ${PAN_FRAMES}) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    fire('mouseup', cx, cy);
    return { frames, renders: performance.getEntriesByName('eog:render').map((e) => e.duration) };
  })()`);
  return { frame: median(sample.frames), render: median(sample.renders) };
}

async function measureSize(browser: Browser, nodes: number, runs: number, log: (line: string) => void): Promise<UiRenderRow> {
  const dir = mkdtempSync(path.join(tmpdir(), `eog-ui-bench-${nodes}-`));
  const edges = writeTopologyBundle(dir, nodes);
  const host = await startWebHost({ snapshot: dir, isInvestigationEnabled: false });
  const first: number[] = [];
  const layouts: number[] = [];
  const frames: number[] = [];
  const renders: number[] = [];
  const heaps: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${host.url}&bench`);
        first.push(await waitForMark(page, 'eog:first-render', nodes, MARK_TIMEOUT_MS));
        // Without refinement the layout is final before sigma's first frame: done = drawn.
        layouts.push(Math.max(first.at(-1) ?? 0, await waitForMark(page, 'eog:layout-done', nodes, MARK_TIMEOUT_MS)));
        heaps.push(await page.evaluate<number>(`(performance.memory ? performance.memory.usedJSHeapSize : 0) / 1048576`));
        const panned = await pan(page);
        frames.push(panned.frame);
        renders.push(panned.render);
        log(
          `  ${nodes} nodes, run ${run + 1}/${runs}: first render ${first.at(-1)?.toFixed(0)} ms, layout done ${layouts.at(-1)?.toFixed(0)} ms, ` +
            `pan frame ${panned.frame.toFixed(1)} ms, heap ${heaps.at(-1)?.toFixed(0)} MB`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    nodes,
    edges,
    runs,
    firstRenderMs: median(first),
    layoutDoneMs: median(layouts),
    panFrameMs: median(frames),
    panRenderMs: median(renders),
    heapMb: median(heaps),
  };
}

export function uiRenderTable(rows: readonly UiRenderRow[]): string {
  const lines = [
    '| nodes | edges | runs | first render (ms) | layout done (ms) | pan frame (ms) | sigma render per frame (ms) | JS heap (MB) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.nodes} | ${r.edges} | ${r.runs} | ${r.firstRenderMs.toFixed(0)} | ${r.layoutDoneMs.toFixed(0)} | ${r.panFrameMs.toFixed(1)} | ${r.panRenderMs.toFixed(2)} | ${r.heapMb.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

/** Medians per graph size (three runs each; one in quick mode). */
export async function benchUiRender(options: UiRenderOptions = {}): Promise<{ rows: UiRenderRow[] }> {
  const sizes = options.sizes ?? (options.quick ? [1000, 10_000] : [1000, 10_000, 50_000]);
  const log = options.log ?? (() => undefined);
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
  try {
    const rows: UiRenderRow[] = [];
    for (const nodes of sizes) {
      const runs = options.runs ?? (options.quick ? 1 : 3);
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
