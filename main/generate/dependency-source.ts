import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemModel } from './system.js';

function camel(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');
}

/** One Go handler per service, alike: it serves its operations and calls each dependency by URL. */
function handlerSource(system: SystemModel, index: number): string {
  const s = system.services[index];
  if (s === undefined) return '';
  const callees = s.callees.flatMap((e) => system.services[e.to] ?? []);
  const calls = callees.flatMap((c) => [
    `\tif err := call${camel(c.name)}(ctx); err != nil {`,
    '\t\tlog.Printf("upstream request failed: %v", err)',
    '\t\thttp.Error(w, "upstream request failed", http.StatusBadGateway)',
    '\t\treturn',
    '\t}',
  ]);
  const clients = callees.flatMap((c) => {
    const [method, path] = c.operations[0].split(' ');
    return [
      '',
      `// call${camel(c.name)} asks ${c.name} for its part of the request.`,
      `func call${camel(c.name)}(ctx context.Context) error {`,
      `\treq, err := http.NewRequestWithContext(ctx, "${method ?? 'GET'}", "http://${c.name}:8080${path ?? '/'}", nil)`,
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\tresp, err := httpClient.Do(req)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\tdefer resp.Body.Close()',
      '\tif resp.StatusCode >= 500 {',
      '\t\treturn fmt.Errorf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))',
      '\t}',
      '\treturn nil',
      '}',
    ];
  });
  return [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"fmt"',
    '\t"log"',
    '\t"net/http"',
    '\t"time"',
    ')',
    '',
    'var httpClient = &http.Client{Timeout: 2 * time.Second}',
    '',
    '// handleRequest serves one request, calling the dependencies it needs.',
    'func handleRequest(w http.ResponseWriter, r *http.Request) {',
    '\tctx := r.Context()',
    ...calls,
    '\tw.WriteHeader(http.StatusOK)',
    '}',
    ...clients,
    '',
  ].join('\n');
}

/**
 * For an incident whose cause is a dependency only code reveals: every service's source
 * (`code/<service>/handler.go`, alike: each calls its real dependencies by URL) and `code.json`.
 * The code names every dependency, declared or not; nothing outside ground_truth.yaml says which
 * one failed.
 */
export function writeDependencySource(bundleDir: string, system: SystemModel): void {
  const entries = system.services.map((s) => {
    const root = `code/${s.name}`;
    mkdirSync(join(bundleDir, root), { recursive: true });
    writeFileSync(join(bundleDir, root, 'handler.go'), handlerSource(system, s.index));
    return { entity: s.name, root };
  });
  writeFileSync(join(bundleDir, 'code.json'), `${JSON.stringify({ version: 1, services: entries }, null, 2)}\n`);
}
