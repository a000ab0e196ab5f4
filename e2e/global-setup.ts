import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sampleDir } from './sample.js';

const root = path.resolve(import.meta.dirname, '..');
const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/;

/** Starts `eog serve` on the sample as a child, exactly as a user would, and reads its URL. */
function startServe(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/main.ts', 'serve', sampleDir(), '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (URL_LINE.test(line.trim())) resolve({ child, url: line.trim() });
    });
    child.once('exit', (code) => reject(new Error(`eog serve exited with ${code}: ${stderr}`)));
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const { child, url } = await startServe();
  // Workers inherit the environment set here.
  process.env.EOG_E2E_URL = url;
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
