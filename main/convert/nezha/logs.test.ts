import { describe, expect, it } from 'vitest';
import { parseDockerLine, severityOf } from './logs.js';
import { serviceOfPod } from './names.js';

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
});
