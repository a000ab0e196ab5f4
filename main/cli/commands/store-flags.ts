import type { Command } from 'commander';
import { isClickHouseSpec, parseStoreSpec, StoreSpecError, type StoreSpec } from '../../store/index.js';
import { UsageError } from '../errors.js';

export interface StoreFlags {
  store?: string;
  storePasswordEnv?: string;
}

export const STORE_HELP = 'evidence store: a path or sqlite:PATH, chdb:DIR (needs "npm install chdb"), or clickhouse://[user@]host:port/db';

/** `--store` and `--store-password-env` (the password itself is never a flag). */
export function addStoreOptions(command: Command, help: string = STORE_HELP): Command {
  return command
    .option('--store <spec>', help)
    .option('--store-password-env <var>', 'environment variable holding the ClickHouse server password');
}

/**
 * The store the flags name, or null when none was given. A snapshot argument that is itself a
 * ClickHouse store (`eog investigate clickhouse://…`) takes the password variable too.
 */
export function storeSpecFrom(flags: StoreFlags, snapshot?: string): StoreSpec | null {
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
