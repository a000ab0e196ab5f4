import type { Command } from 'commander';
import { chooseEngineMemory, EngineMemoryError, parseEngineMemory } from '../../store/clickhouse/chdb-runner.js';
import { isClickHouseSpec, parseStoreSpec, StoreSpecError, type StoreSpec } from '../../store/index.js';
import { UsageError } from '../errors.js';

export interface StoreFlags {
  store?: string;
  storePasswordEnv?: string;
  engineMemory?: string;
}

export const STORE_HELP = 'evidence store: a path or sqlite:PATH, chdb:DIR (needs "npm install chdb"), or clickhouse://[user@]host:port/db';

/** `--store` and `--store-password-env` (the password itself is never a flag). */
export function addStoreOptions(command: Command, help: string = STORE_HELP): Command {
  return command
    .option('--store <spec>', help)
    .option('--store-password-env <var>', 'environment variable holding the ClickHouse server password')
    .option(
      '--engine-memory <mode>',
      'chdb stores: "fast" or "low": the embedded engine gives freed memory back at once (flat memory, several times slower); by default "low" on machines with less than 8 GiB, else "fast" (docs/clickhouse.md)',
    );
}

/** `--engine-memory`: the embedded engine's mode for this process, chosen before it loads. */
export function applyEngineMemory(flags: StoreFlags): void {
  if (flags.engineMemory === undefined) return;
  try {
    chooseEngineMemory(parseEngineMemory(flags.engineMemory, '--engine-memory'));
  } catch (error) {
    if (error instanceof EngineMemoryError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The store the flags name, or null when none was given. A snapshot argument that is itself a
 * ClickHouse store (`eog investigate clickhouse://…`) takes the password variable too.
 */
export function storeSpecFrom(flags: StoreFlags, snapshot?: string): StoreSpec | null {
  applyEngineMemory(flags);
  if (flags.store === undefined && snapshot !== undefined && isClickHouseSpec(snapshot)) return parse(snapshot, flags);
  if (flags.store === undefined) {
    if (flags.storePasswordEnv !== undefined) throw new UsageError('--store-password-env needs --store clickhouse://…');
    return null;
  }
  return parse(flags.store, flags);
}

function parse(text: string, flags: StoreFlags): StoreSpec {
  try {
    return parseStoreSpec(text, flags.storePasswordEnv ?? null);
  } catch (error) {
    if (error instanceof StoreSpecError) throw new UsageError(`--store: ${error.message}`);
    throw error;
  }
}
