import { cpus, loadavg, release, totalmem, type } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cpuCount: number;
  memoryGiB: number;
  node: string;
  os: string;
  date: string;
  loadAverage: number;
}

/** What the figures were measured on; they mean little without it. */
export function describeMachine(now: Date = new Date()): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    memoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    os: `${type()} ${release()} (${process.platform}/${process.arch})`,
    date: now.toISOString(),
    loadAverage: loadavg()[0] ?? 0,
  };
}
