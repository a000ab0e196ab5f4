import { z } from 'zod';
import { InvalidInputError } from './errors.js';

/**
 * Parses a value that came from outside the process (Signal's `parseUnknown`): returns the
 * typed value or throws an InvalidInputError naming `where` and the offending fields.
 */
export function parseUnknown<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInputError(where, z.prettifyError(result.error).replace(/\n/g, '; '));
  return result.data;
}
