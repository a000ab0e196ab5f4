import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { investigateSnapshot } from '../session/investigate-snapshot.js';
import { generateIncident } from './generate.js';

describe('a generated code fault with its own source', () => {
  it('is diagnosed down to the function at fault, and code.json names every service alike', async () => {
    const root = mkdtempSync(join(tmpdir(), 'eog-code-fault-'));
    process.env['EOG_CODE_CACHE'] = join(root, 'cache');
    const dir = join(root, 'bundle');
    const incident = await generateIncident(dir, { fault: 'code_error', seed: 3, services: 6, requestsPerMinute: 20, withSource: true });
    const map = JSON.parse(readFileSync(join(dir, 'code.json'), 'utf8')) as { services: { entity: string }[] };
    expect(map.services).toHaveLength(6);
    const { diagnosis } = await investigateSnapshot(dir, { policy: createHeuristicPolicy() });
    const service = incident.rootCause.split('/').pop() as string;
    const origin = diagnosis.entities.find((e) => e.contributing_factor && e.name.endsWith(`/${service}`));
    expect(origin, JSON.stringify(diagnosis.frontier)).toBeDefined();
    const top = origin?.code?.[0];
    expect(top?.function).toBe('handle');
    expect(top?.file).toMatch(/Handler\.java$/);
    expect(top?.snippet).toContain('.getId()');
    expect(top?.reason).toContain('stack frame');
  });
});
