import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Front {
  port: number;
  stop(): void;
}

/** Starts http-front.ts in its own process on 127.0.0.1 and waits for its port. */
export async function startFront(dataDir: string, database: string, env: NodeJS.ProcessEnv): Promise<Front> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'http-front.ts'), dataDir, database], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`http-front exited (${String(code)}): ${stderr}`)));
  });
  return { port, stop: () => void child.kill('SIGTERM') };
}
