/**
 * Where an evidence store lives (`--store`, the app's settings): a SQLite file (a plain path
 * or `sqlite:PATH`), ClickHouse embedded in the process (`chdb:DIR`, data on disk) or a
 * ClickHouse server or cluster (`clickhouse://[user@]host:port/db`). A password is never part
 * of a spec: it is read from the environment variable the caller names.
 */
export type StoreSpec =
  | { kind: 'sqlite'; file: string }
  | { kind: 'chdb'; dir: string }
  | { kind: 'clickhouse'; url: string; user: string; database: string; passwordEnv: string | null; secure: boolean };

export class StoreSpecError extends Error {
  override name = 'StoreSpecError';
}

const DATABASE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `passwordEnv`: the environment variable holding a server's password (e.g. from `--store-password-env`). */
export function parseStoreSpec(text: string, passwordEnv: string | null = null): StoreSpec {
  if (text.startsWith('sqlite:')) return { kind: 'sqlite', file: nonEmpty(text.slice('sqlite:'.length), text) };
  if (text.startsWith('chdb:')) return { kind: 'chdb', dir: nonEmpty(text.slice('chdb:'.length), text) };
  if (/^clickhouses?:\/\//.test(text)) return parseServer(text, passwordEnv);
  return { kind: 'sqlite', file: nonEmpty(text, text) };
}

/** Whether a snapshot argument names a ClickHouse store rather than a file or folder. */
export function isClickHouseSpec(text: string): boolean {
  return text.startsWith('chdb:') || /^clickhouses?:\/\//.test(text);
}

function nonEmpty(value: string, text: string): string {
  if (value.trim() === '') throw new StoreSpecError(`store "${text}" names no path`);
  return value;
}

function parseServer(text: string, passwordEnv: string | null): StoreSpec {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreSpecError(`store "${text}" is not a URL like clickhouse://[user@]host:port/db`);
  }
  if (url.password)
    throw new StoreSpecError('a store URL must not hold a password: name an environment variable with --store-password-env');
  if (!url.hostname) throw new StoreSpecError(`store "${text}" names no host`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'default';
  if (!DATABASE.test(database)) throw new StoreSpecError(`store "${text}": database "${database}" is not a plain identifier`);
  const secure = url.protocol === 'clickhouses:';
  const port = url.port || (secure ? '8443' : '8123');
  return {
    kind: 'clickhouse',
    url: `${secure ? 'https' : 'http'}://${url.hostname}:${port}`,
    user: decodeURIComponent(url.username) || 'default',
    database,
    passwordEnv,
    secure,
  };
}

/** The spec as shown to users and recorded: never a password. */
export function describeStoreSpec(spec: StoreSpec): string {
  switch (spec.kind) {
    case 'sqlite':
      return spec.file;
    case 'chdb':
      return `chdb:${spec.dir}`;
    case 'clickhouse':
      return `${spec.secure ? 'clickhouses' : 'clickhouse'}://${spec.user}@${new URL(spec.url).host}/${spec.database}`;
  }
}
