import { describe, expect, it } from 'vitest';
import { hasErrorKeyword, isErrorSeverity } from './severity.js';

describe('isErrorSeverity', () => {
  it.each(['ERROR', 'error', ' Err ', 'FATAL', 'critical', 'ERROR2', 'panic'])('%s is an error', (s) => {
    expect(isErrorSeverity(s)).toBe(true);
  });
  it.each(['WARN', 'warning', 'INFO', 'debug', '', 'errorish', null, undefined])('%s is not', (s) => {
    expect(isErrorSeverity(s)).toBe(false);
  });
});

describe('hasErrorKeyword', () => {
  it.each([
    'java.lang.NullPointerException at <*>',
    'dial tcp <IP>: connect: connection refused',
    'request failed after <NUM> retries',
    'context deadline exceeded (Client.Timeout exceeded)',
    'read timed out',
    'upstream unavailable',
    'Error: <STR>',
    'dial tcp err=<STR>',
  ])('finds one in %s', (t) => {
    expect(hasErrorKeyword(t)).toBe(true);
  });
  it.each(['GET /cart <NUM>', 'terror of the deep', 'order placed by user <*>', 'failover completed'])('finds none in %s', (t) => {
    expect(hasErrorKeyword(t)).toBe(false);
  });
});
