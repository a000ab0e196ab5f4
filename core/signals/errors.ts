/** A signal algorithm was configured with an option it cannot work with. */
export class SignalOptionError extends Error {
  override name = 'SignalOptionError';
  constructor(option: string, value: unknown, expected: string) {
    super(`Option "${option}" is ${String(value)}; expected ${expected}. Fix the option passed to the signal extractor.`);
  }
}

/** A caller passed input that breaks an algorithm's precondition (not hostile data, which is tolerated). */
export class SignalInputError extends Error {
  override name = 'SignalInputError';
}

export function requirePositiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new SignalOptionError(option, value, 'a positive integer');
  }
  return value;
}

export function requireFiniteAtLeast(option: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) {
    throw new SignalOptionError(option, value, `a finite number >= ${min}`);
  }
  return value;
}
