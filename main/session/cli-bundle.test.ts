import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cli-test-support.js';

/** The CLI as scripts/build-main.ts bundles it (dist/main/cli.js), built in memory. */
async function bundledCli(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repoRoot, 'main', 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles.map((f) => f.text).join('\n');
}

describe('the shipped CLI', () => {
  it('carries no test-only switch: the kill-and-resume hook lives in a test entry it never reaches', async () => {
    const cli = await bundledCli();
    // The bundle is real: it holds the investigate command and the session service.
    expect(cli).toContain('Run an investigation on a bundle');
    expect(cli).toContain('createInvestigationService');
    for (const hook of ['EOG_STOP_AFTER_STEPS', 'cli-killed-after-steps', 'SIGKILL', 'Reflect.set(']) expect(cli).not.toContain(hook);
  }, 60_000);
});
