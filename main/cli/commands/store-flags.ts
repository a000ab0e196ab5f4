import type { Command } from 'commander';
import { parseStoreSpec, StoreSpecError, type StoreSpec } from '../../store/index.js';
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

/** The store the flags name, or null when none was given. */
export function storeSpecFrom(flags: StoreFlags): StoreSpec | null {
  if (flags.store === undefined) {
    if (flags.storePasswordEnv !== undefined) throw new UsageError('--store-password-env needs --store clickhouse://…');
    return null;
  }
  try {
    return parseStoreSpec(flags.store, flags.storePasswordEnv ?? null);
  } catch (error) {
    if (error instanceof StoreSpecError) throw new UsageError(`--store: ${error.message}`);
    throw error;
  }
}
