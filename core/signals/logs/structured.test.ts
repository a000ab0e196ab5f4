import { describe, expect, it } from 'vitest';
import { levelWord, logfmtLevel, readStructuredLine } from './structured.js';

describe('structured log lines', () => {
  it('takes the level and message fields and keeps the other scalars as fields', () => {
    const line = JSON.stringify({
      'http.req.path': '/cart/checkout',
      'http.resp.status': 500,
      message: 'request error',
      severity: 'error',
      timestamp: '2022-08-22T05:18:42.997Z',
      nested: { dropped: true },
    });
    expect(readStructuredLine(line)).toEqual({
      severity: 'ERROR',
      body: 'request error',
      fields: { 'http.req.path': '/cart/checkout', 'http.resp.status': '500' },
    });
  });

  it('reads the level spellings of common loggers', () => {
    expect(readStructuredLine('{"level":50,"msg":"charge failed","pid":1}')?.severity).toBe('ERROR'); // pino
    expect(readStructuredLine('{"levelname":"WARNING","message":"slow"}')?.severity).toBe('WARN'); // python
    expect(readStructuredLine('{"@l":"Information","@m":"started"}')).toMatchObject({ severity: 'INFO', body: 'started' }); // Serilog
    expect(readStructuredLine('{"LogLevel":"Error","Message":"boom"}')).toMatchObject({ severity: 'ERROR', body: 'boom' });
    expect(levelWord(35)).toBe('INFO');
    expect(levelWord('not a level!')).toBeUndefined();
    expect(levelWord('constructor')).toBeUndefined();
    expect(levelWord('dpanic')).toBe('ERROR');
    expect(levelWord(Number.NaN)).toBeUndefined();
  });

  it('keeps lines that are not one JSON object as text', () => {
    expect(readStructuredLine('05:18:42.995 INFO  - Get Ads by Category finish')).toBeNull();
    expect(readStructuredLine('[1, 2]')).toBeNull();
    expect(readStructuredLine('{"message":"cut off by the collec')).toBeNull();
    expect(readStructuredLine(`{"message":"${'x'.repeat(70_000)}"}`)).toBeNull();
    expect(readStructuredLine('['.repeat(200_000) + ']'.repeat(200_000))).toBeNull();
    expect(readStructuredLine(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`)).toBeNull();
  });

  it('keeps what went wrong in the body, after the message', () => {
    const line = JSON.stringify({
      error: 'could not retrieve cart: rpc error: code = Unavailable desc = connection refused',
      message: 'request error',
      severity: 'error',
      'http.req.path': '/cart',
    });
    expect(readStructuredLine(line)).toEqual({
      severity: 'ERROR',
      body: 'request error error=could not retrieve cart: rpc error: code = Unavailable desc = connection refused',
      fields: { 'http.req.path': '/cart' },
    });
  });

  it('keeps the whole line as the body when the object has no message field', () => {
    const line = '{"severity":"info","event_id":7}';
    expect(readStructuredLine(line)).toEqual({ severity: 'INFO', body: line, fields: { event_id: '7' } });
  });

  it('finds a logfmt level', () => {
    expect(logfmtLevel('time=2022-08-22T05:18:42Z level=error msg="dial tcp: refused"')).toBe('ERROR');
    expect(logfmtLevel('ts=1 lvl="warn" caller=main.go:12')).toBe('WARN');
    expect(logfmtLevel('the level=high of the sea')).toBeUndefined();
    expect(logfmtLevel('no level here')).toBeUndefined();
  });
});
