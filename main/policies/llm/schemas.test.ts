import { describe, expect, it } from 'vitest';
import { BootstrapReply, ChunkNotesReply, ExploreReply, FinalizeReply, responseSchemaOf } from './schemas.js';

/** Every object closed and every property required: what OpenAI's strict json_schema mode demands. */
function assertStrict(node: unknown, path = '$'): void {
  if (Array.isArray(node)) return node.forEach((n, i) => assertStrict(n, `${path}[${i}]`));
  if (typeof node !== 'object' || node === null) return;
  const record = Object.fromEntries(Object.entries(node));
  expect(record, path).not.toHaveProperty('default');
  if (record.type === 'object') {
    expect(record.additionalProperties, path).toBe(false);
    expect([...(Array.isArray(record.required) ? record.required : [])].sort(), path).toEqual(
      Object.keys(Object.fromEntries(Object.entries(record.properties ?? {}))).sort(),
    );
  }
  for (const value of Object.values(record)) assertStrict(value, path);
}

describe('response schemas', () => {
  it('are strict-mode JSON Schemas', () => {
    for (const schema of [ExploreReply, ChunkNotesReply, BootstrapReply, FinalizeReply]) {
      const json = responseSchemaOf(schema);
      expect(json).not.toHaveProperty('$schema');
      assertStrict(json);
    }
  });

  it('keep the value bounds the validator checks', () => {
    expect(JSON.stringify(responseSchemaOf(ExploreReply))).toContain('"maximum":1');
    expect(JSON.stringify(responseSchemaOf(BootstrapReply))).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });
});
