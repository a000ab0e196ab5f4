/** An error whose message is meant for the user as is: no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Prints a fatal error in one clear line (stack only with EOG_DEBUG=1); returns the exit code. */
export function reportFatal(error: unknown): number {
  const err = error instanceof Error ? error : new Error(String(error));
  process.stderr.write(`eog: ${err.name === 'Error' ? '' : `${err.name}: `}${err.message}\n`);
  if (process.env.EOG_DEBUG === '1' && err.stack) process.stderr.write(`${err.stack}\n`);
  return err instanceof UsageError ? 2 : 1;
}
