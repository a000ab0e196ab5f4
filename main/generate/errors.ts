/** A generator option is out of range; the message says which and what to use instead. */
export class GenerateOptionError extends Error {
  override name = 'GenerateOptionError';
  constructor(option: string, value: unknown, expected: string) {
    super(`--${option} must be ${expected} (got ${JSON.stringify(value)})`);
  }
}
