import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { buildProgram } from '../cli/program.js';
import { openLedger } from '../ledger/index.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeScript } from '../policies/llm/testing/fake-openai.js';

/** The checkout root, so the CLI runs as `npm run eog` would run it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sampleBundle = path.join(repoRoot, 'resources', 'sample');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcess;
  done: Promise<CliResult>;
}

/** Starts the real CLI (`node --import tsx main/cli/main.ts ...`) in its own process. */
export function startCli(args: readonly string[], env: Readonly<Record<string, string>> = {}): CliProcess {
  return startScript(path.join(repoRoot, 'main', 'cli', 'main.ts'), args, env);
}

/** The real CLI program, SIGKILLed once the ledger holds `steps` evaluations (testing/cli-killed-after-steps.ts). */
export function startCliKilledAfter(steps: number, args: readonly string[], env: Readonly<Record<string, string>> = {}): CliProcess {
  return startScript(path.join(repoRoot, 'main', 'session', 'testing', 'cli-killed-after-steps.ts'), [String(steps), ...args], env);
}

function startScript(script: string, args: readonly string[], env: Readonly<Record<string, string>>): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function runCli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliResult> {
  return startCli(args, env).done;
}

/** Runs the CLI program in this process: the error an action throws (what `eog` would report), or null. */
export async function parseCli(args: readonly string[]): Promise<unknown> {
  try {
    await buildProgram()
      .exitOverride()
      .parseAsync(['node', 'eog', ...args]);
    return null;
  } catch (error) {
    return error;
  }
}

export interface Scratch {
  /** A fresh temporary folder. */
  dir(): string;
  /** A fake OpenAI-compatible server on 127.0.0.1. */
  serve(script: FakeScript): Promise<FakeOpenAI>;
}

/** Temporary folders and fake servers for one test file, removed and closed after each test. */
export function useScratch(): Scratch {
  const dirs: string[] = [];
  const servers: FakeOpenAI[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir: () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'eog-session-test-'));
      dirs.push(dir);
      return dir;
    },
    serve: async (script) => {
      const server = await startFakeOpenAI(script);
      servers.push(server);
      return server;
    },
  };
}

export function readLedger(file: string): LedgerEvent[] {
  const ledger = openLedger(file);
  try {
    return ledger.events();
  } finally {
    ledger.close();
  }
}

/** No duplicated or missing steps: seq contiguous from 0, evaluations 1..n, one start. */
export function ledgerShapeProblems(events: readonly LedgerEvent[]): string[] {
  const problems: string[] = [];
  events.forEach((event, i) => {
    if (event.seq !== i) problems.push(`event ${i} has seq ${event.seq}`);
  });
  const evaluations = events.flatMap((e) => (e.type === 'StepStarted' ? [e.evaluation] : []));
  evaluations.forEach((evaluation, i) => {
    if (evaluation !== i + 1) problems.push(`step ${i + 1} is numbered ${evaluation}`);
  });
  const starts = events.filter((e) => e.type === 'InvestigationStarted').length;
  if (starts !== 1) problems.push(`${starts} InvestigationStarted events`);
  return problems;
}
