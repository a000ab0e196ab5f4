import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chainsBetween, compileKnowledge } from './compile.js';
import { KnowledgeError, parseKnowledge } from './knowledge-parse.js';
import { typesIndicatedBy } from './signature.js';
import { alertItem, changeItem, errorLogItem, SMALL_KNOWLEDGE, smallKnowledge } from './test-support.js';

describe('knowledge file', () => {
  it('names the file and line of a field the schema refuses', () => {
    const text = SMALL_KNOWLEDGE.replace("why: 'slow calls time out'", "why: ''");
    expect(() => parseKnowledge(text, 'k.yaml')).toThrow(KnowledgeError);
    expect(() => parseKnowledge(text, 'k.yaml')).toThrow(/^k\.yaml:17: relations\.3\.why/);
  });

  it('names the line of a YAML syntax error and of an unknown type in a standalone file', () => {
    expect(() => parseKnowledge('format: 1\nname: [x\n', 'bad.yaml')).toThrow(/^bad\.yaml:\d+: not valid YAML/);
    const unknown = SMALL_KNOWLEDGE.replace('from: cpu, to: latency', 'from: gpu, to: latency').replace(
      'name: small',
      'name: small\nmode: replace',
    );
    expect(() => parseKnowledge(unknown, 'u.yaml')).toThrow(/^u\.yaml:17: relation names unknown type "gpu"/);
  });

  it('refuses an invalid pattern and a duplicated type', () => {
    expect(() => parseKnowledge(SMALL_KNOWLEDGE.replace('pattern: config', "pattern: '('"), 'p.yaml')).toThrow(
      /^p\.yaml:6: .*regular expression/,
    );
    const twice = SMALL_KNOWLEDGE.replace('  - id: cpu', '  - id: latency');
    expect(() => parseKnowledge(twice, 't.yaml')).toThrow(/^t\.yaml:11: type "latency" is defined twice/);
  });

  it('compiles chains that bridge up to two unobserved types, remembering them', () => {
    const k = smallKnowledge();
    expect(chainsBetween(k, 'config_change', 'error_rate')[0]).toMatchObject({ hops: 1, via: [], reach: 0 });
    // cpu → latency → error_rate: one bridged type.
    expect(chainsBetween(k, 'cpu', 'error_rate')[0]).toMatchObject({ hops: 2, via: ['latency'], reach: 1 });
    // cpu → latency → error_rate → error_rate: two bridged, the most allowed.
    expect(chainsBetween(k, 'cpu', 'error_rate').map((c) => c.via)).toEqual([['latency'], ['latency', 'error_rate']]);
    expect(chainsBetween(k, 'error_rate', 'config_change')).toEqual([]);
    expect(chainsBetween(k, 'cpu', 'config_change')).toEqual([]);
  });

  it('extends a base: types and relations added, a repeated relation takes the extension', () => {
    const base = parseKnowledge(SMALL_KNOWLEDGE, 'base.yaml');
    const ext = parseKnowledge(
      `format: 1\nname: ext\nversion: '2'\ntypes:\n  - id: gc\n    indicators: [{ source: metric, pattern: gc }]\nrelations:\n  - { from: gc, to: latency, scope: same, why: 'pauses' }\n`,
      'ext.yaml',
    );
    const k = compileKnowledge([
      { document: base, file: 'base.yaml' },
      { document: ext, file: 'ext.yaml' },
    ]);
    expect(k.version).toBe('1+2');
    expect(chainsBetween(k, 'gc', 'error_rate')[0]?.via).toEqual(['latency']);
    const replaced = compileKnowledge([
      { document: base, file: 'base.yaml' },
      { document: { ...ext, mode: 'replace', relations: [] }, file: 'ext.yaml' },
    ]);
    expect([...replaced.types.keys()]).toEqual(['gc']);
    expect(k.sha256).not.toBe(replaced.sha256);
  });

  it('types evidence by its signature', () => {
    const k = smallKnowledge();
    expect(typesIndicatedBy(k, changeItem('c1', 'service/a', 'config'))).toEqual(['config_change']);
    expect(typesIndicatedBy(k, errorLogItem('l1', 'service/a'))).toEqual(['error_rate']);
    expect(typesIndicatedBy(k, alertItem('a1', 'service/a', 'HighErrorRate'))).toEqual(['error_rate']);
    expect(typesIndicatedBy(k, alertItem('a2', 'service/a', 'DiskFull'))).toEqual([]);
  });

  it('ships a default for Kubernetes microservices that validates and bridges', () => {
    const file = new URL('../../resources/knowledge/default.yaml', import.meta.url);
    const k = compileKnowledge([{ document: parseKnowledge(readFileSync(file, 'utf8'), 'default.yaml'), file: 'default.yaml' }]);
    expect(k.types.size).toBeGreaterThanOrEqual(12);
    // Traffic surge → saturation → latency: the issue's own example, one bridged type.
    expect(chainsBetween(k, 'traffic_surge', 'latency')[0]?.via).toEqual(['cpu_saturation']);
    expect(chainsBetween(k, 'node_pressure', 'pod_eviction')[0]?.hops).toBe(1);
    const viaMemory = chainsBetween(k, 'memory_pressure', 'error_rate').map((c) => c.via);
    expect(viaMemory[0]).toEqual(['latency']);
    expect(viaMemory).toContainEqual(['oom_killed', 'pod_restart']);
  });
});
