import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The user's data folder (lessons, the case library) for this test run: never the real ~/.eog. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'eog-test-data-'));

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'main/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'tools/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Fixtures are source code the tests read (a repository's own tests among them), not tests to run.
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { EOG_DATA_DIR: dataDir },
  },
});
