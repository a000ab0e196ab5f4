import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const projectRoot = path.resolve(import.meta.dirname, '..');
/** The built CLI, as installed: `npm run test:e2e` builds before the tests run. */
const cli = path.join(projectRoot, 'dist', 'main', 'cli.js');
const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/;

export interface Served {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Starts `eog serve` on a snapshot (with any more flags) as a child, exactly as a user would, and reads its URL. */
export function startServe(snapshot: string, flags: readonly string[] = []): Promise<Served> {
  const child = spawn(process.execPath, [cli, 'serve', snapshot, '--port', '0', ...flags], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (URL_LINE.test(line.trim())) resolve({ child, url: line.trim(), stop });
    });
    child.once('exit', (code) => reject(new Error(`eog serve exited with ${code}: ${stderr}`)));
  });
}

/** Runs the built CLI (`eog <args>`) to completion and gives its stdout; rejects with its stderr on failure. */
export function runCli(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`eog ${args[0] ?? ''} exited with ${code}: ${stderr}`)),
    );
  });
}
