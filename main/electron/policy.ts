import { buildCsp } from '../web/csp.js';

/**
 * Security policy of the Electron shell, kept free of `electron` imports so it can be unit
 * tested under plain Node.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'workbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** IPC is honoured only from frames showing our own bundled UI (Electron Fiddle's check). */
export function isTrustedSenderUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** In-app navigation may only stay on the bundled UI; everything else is refused. */
export function isAllowedNavigation(url: string): boolean {
  return isTrustedSenderUrl(url);
}

/** The CSP of the bundled UI: IPC goes through the preload, so no network connections at all. */
export function appCsp(): string {
  return buildCsp();
}

/** The URL path of an `app://workbench/...` request, or null for any other origin. */
export function appRequestPath(url: string): string | null {
  if (!isTrustedSenderUrl(url)) return null;
  return new URL(url).pathname;
}

/** First non-flag argument after the app path: the snapshot to open. */
export function snapshotArgument(argv: readonly string[], isPackaged: boolean): string | null {
  const args = argv.slice(isPackaged ? 1 : 2);
  return args.find((a) => !a.startsWith('-')) ?? null;
}

const API_KEY_ENV_FLAG = '--api-key-env=';
const STORE_PASSWORD_ENV_FLAG = '--store-password-env=';

/** The value of a `--flag=VALUE` argument (one `=` form, so a value is never taken for the snapshot); null when absent or empty. */
function flagValue(argv: readonly string[], flag: string): string | null {
  const value = argv
    .find((a) => a.startsWith(flag))
    ?.slice(flag.length)
    .trim();
  return value ? value : null;
}

/**
 * `--api-key-env=VAR`: the environment variable holding the LLM API key, as `eog serve
 * --api-key-env` (one `=` form, so the value is never taken for the snapshot). Null: the
 * default variable of main/policies/create-policy.ts.
 */
export function apiKeyEnvArgument(argv: readonly string[]): string | null {
  return flagValue(argv, API_KEY_ENV_FLAG);
}

/**
 * `--store-password-env=VAR`: the environment variable holding a clickhouse:// store's
 * password, as `eog serve --store-password-env`; the password itself is never an argument.
 */
export function storePasswordEnvArgument(argv: readonly string[]): string | null {
  return flagValue(argv, STORE_PASSWORD_ENV_FLAG);
}

/**
 * The native open dialog for what the page asks to pick (`snapshot.choose`): a folder (a bundle,
 * a capture, a dataset root, a chdb store) or a file (a ledger, a store). One item: what is
 * picked joins the paths this process may open (main/app/allowed-roots.ts).
 */
export function openDialogOptions(kind: 'folder' | 'file'): { title: string; properties: ['openDirectory'] | ['openFile'] } {
  return kind === 'folder'
    ? { title: 'Open a snapshot folder', properties: ['openDirectory'] }
    : { title: 'Open a ledger or evidence store file', properties: ['openFile'] };
}
