import { accessSync, constants, statSync } from 'node:fs';

/** How to get the browser the tests (and the PNG export's tests) drive, in one line. */
export const CHROMIUM_HOW_TO = 'install it with `apt-get install -y chromium` (Debian/Ubuntu) or set EOG_CHROMIUM=/path/to/chromium';

/** The Chromium the tests drive: $EOG_CHROMIUM, else Debian's /usr/bin/chromium (never a Playwright download). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.EOG_CHROMIUM || '/usr/bin/chromium';
}

/** One line saying why Chromium cannot be used and how to get it, or null when it can. */
export function chromiumProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  const where = env.EOG_CHROMIUM ? `${path} (EOG_CHROMIUM)` : path;
  try {
    if (!statSync(path).isFile()) return `Chromium: ${where} is not a file; ${CHROMIUM_HOW_TO}`;
    accessSync(path, constants.X_OK);
    return null;
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    return `Chromium: ${where} ${missing ? 'does not exist' : 'is not executable'}; the tests need it: ${CHROMIUM_HOW_TO}`;
  }
}

/** Chromium is not where the tests look for it. */
export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

/** The path to launch, or a ChromiumMissingError whose message says how to get it. */
export function requireChromium(env: NodeJS.ProcessEnv = process.env): string {
  const problem = chromiumProblem(env);
  if (problem !== null) throw new ChromiumMissingError(problem);
  return chromiumPath(env);
}
