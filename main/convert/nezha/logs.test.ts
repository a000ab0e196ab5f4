import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyLogResult, parseDockerLine, readLogFile, severityOf } from './logs.js';
import { serviceOfPod } from './names.js';
import { removeSliceCopies, scratchDir } from './test-fixtures.js';

/** Real OnlineBoutique log lines (two per service, Nezha 2022-08-22 05:19; fixtures/README.md). */
const OB_LINES = join(import.meta.dirname, 'fixtures', 'ob-log-lines.csv');

afterAll(removeSliceCopies);

describe('Nezha log lines', () => {
  it('unwraps the docker json line', () => {
    expect(parseDockerLine('{"log":"16:42:22.382 INFO  t.s.X#532 ok\\n","stream":"stdout","time":"2023-01-29T08:42:22Z"}')).toEqual({
      line: '16:42:22.382 INFO  t.s.X#532 ok',
      stream: 'stdout',
    });
  });

  it('recovers the text of a line the collector cut off', () => {
    expect(parseDockerLine('{"log":"18:06:03.361 INFO  u.c.UserController#48 say \\"hi\\"').line).toBe(
      '18:06:03.361 INFO  u.c.UserController#48 say "hi"',
    );
    expect(parseDockerLine('not json at all').line).toBe('not json at all');
  });

  it('finds the level after the timestamp, and nothing when there is none', () => {
    expect(severityOf('16:42:22.418 ERROR f.s.FoodServiceImpl#302 failed')).toBe('ERROR');
    expect(severityOf('16:42:14.471 WARN  v.s.i.VerifyCodeServiceImpl#114 start')).toBe('WARN');
    expect(severityOf('2023-01-29 08:00:00 [WARNING] disk')).toBe('WARN');
    expect(severityOf('at com.example.Foo.bar(Foo.java:12)')).toBeNull();
    expect(severityOf('user said ERROR loudly')).toBeNull();
  });

  it('derives the service by dropping the ReplicaSet hash and pod suffix', () => {
    expect(serviceOfPod('ts-admin-basic-info-service-5f55b6cf68-77cfw')).toBe('ts-admin-basic-info-service');
    expect(serviceOfPod('mysql')).toBe('mysql');
  });

  it('reads the level and message of the JSON lines OnlineBoutique writes, and the text lines of its Java service', async () => {
    const into = emptyLogResult();
    await readLogFile(OB_LINES, into, { namespace: 'online-boutique' });
    expect(into.logs).toHaveLength(20);
    expect(into.skipped).toEqual([]);
    // Every line of that minute is an info line, whichever logger wrote it (Go, Node, Python, C#, Java).
    const bySeverity = new Map<string, number>();
    for (const log of into.logs) bySeverity.set(log.severity ?? '-', (bySeverity.get(log.severity ?? '-') ?? 0) + 1);
    // cartservice (C#) writes bare text with no level.
    expect(Object.fromEntries(bySeverity)).toEqual({ INFO: 18, '-': 2 });
    // The body is the message, not the JSON object; the object's other fields are attributes.
    for (const log of into.logs) expect(log.body).not.toMatch(/^\{/);
    const frontend = into.logs.find((l) => l.entity.includes('frontend'));
    expect(frontend?.body).toMatch(/^TraceID: [0-9a-f]{32} SpanID: [0-9a-f]{16} /);
    expect(frontend?.attrs?.['http.req.method']).toBe('GET');
    expect(frontend?.attrs?.container).toBe('server');
  });

  it('marks a span in error from a JSON error line', async () => {
    const dir = scratchDir();
    const file = join(dir, 'log.csv');
    const app = JSON.stringify({ message: 'TraceID: ab SpanID: cd failed to charge card: rpc error', severity: 'error', timestamp: 'x' });
    const docker = JSON.stringify({ log: `${app}\n`, stream: 'stdout', time: '2022-08-22T05:18:42.9Z' });
    const csvCell = `"${docker.replaceAll('"', '""')}"`;
    writeFileSync(
      file,
      `Timestamp,TimeUnixNano,Node,PodName,Container,TraceID,SpanID,Log\n` +
        `2022-08-22T05:18:42.9Z,1661145522900000000,n1,checkoutservice-578fcf4766-9csqn,server,ab,cd,${csvCell}\n`,
    );
    const into = emptyLogResult();
    await readLogFile(file, into, { namespace: 'online-boutique' });
    expect(into.logs[0]).toMatchObject({ severity: 'ERROR', body: 'TraceID: ab SpanID: cd failed to charge card: rpc error' });
    expect(into.errorSpans.get('ab/cd')).toBe('TraceID: ab SpanID: cd failed to charge card: rpc error');
  });
});
