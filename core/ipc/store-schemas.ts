import { z } from 'zod';

/**
 * Where a Start imports the snapshot's evidence (docs/clickhouse.md): a SQLite path or
 * `sqlite:PATH`, `chdb:DIR` or `clickhouse://[user@]host:port/db`; empty: a temporary SQLite
 * file. Never a password: the host reads it from the variable it was started with
 * (`eog serve --store-password-env`), never from the page.
 */
export const StoreChoice = z.string().trim().max(2000);
export type StoreChoice = z.infer<typeof StoreChoice>;
