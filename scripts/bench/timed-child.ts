import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** One child process run to completion, timed from spawn to exit. */
export interface ChildTiming {
  wallMs: number;
  /** User + system CPU of the child and its threads; null where /proc is unavailable. */
  cpuMs: number | null;
  /** 1-minute load average just before the child started. */
  loadBefore: number;
  stdout: string;
}

export class TimedChildError extends Error {
  override name = 'TimedChildError';
  constructor(command: string, status: number | null, stderr: string) {
    super(`${command} exited with ${status}; run it alone to reproduce. Its stderr:\n${stderr}`);
  }
}

/** Linux clock ticks per second (USER_HZ); 100 on every mainstream kernel build. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time of this process's waited-for children so far (cutime + cstime of /proc/self/stat,
 * in ms): a spawnSync'd child is waited for, so the difference around it is that child's CPU.
 */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may contain spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cutime = Number(fields[13]);
    const cstime = Number(fields[14]);
    return Number.isFinite(cutime) && Number.isFinite(cstime) ? ((cutime + cstime) * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Runs `node <args>` to completion and times it end to end, as a user running the command would. */
export function timeNode(args: readonly string[], cwd: string): ChildTiming {
  const loadBefore = loadavg()[0] ?? 0;
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const out = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 16 << 20 });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  if (out.status !== 0) throw new TimedChildError(`node ${args.join(' ')}`, out.status, out.stderr);
  return {
    wallMs,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    loadBefore,
    stdout: out.stdout,
  };
}
