/**
 * `npm start`: open the Electron app on the bundled sample. Where the Electron runtime is not
 * installed (it cannot be downloaded on offline or restricted machines), say so in one line
 * and serve the same UI with the local web host instead.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

function electronBinary(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const binary = require('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function run(command: string, argv: string[]): void {
  const child = spawn(command, argv, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const binary = electronBinary();
if (binary) {
  run(binary, [path.join(root, 'dist/electron/main.cjs'), ...args]);
} else {
  process.stdout.write(
    'Electron runtime not installed (it cannot be downloaded here); serving the same UI with the local web host instead.\n',
  );
  run(process.execPath, [path.join(root, 'dist/main/cli.js'), 'serve', ...args]);
}
