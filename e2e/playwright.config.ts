import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from '../main/platform/chromium.js';

// The user's data folder (lessons, the case library) of every `eog` the specs spawn: never the
// real ~/.eog. Set once in the runner; its workers inherit it (`??=` keeps theirs the same).
process.env.EOG_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'eog-e2e-data-'));
// The folder the shared server is given with --allow: what the specs open from the page lives there.
process.env.EOG_E2E_WORK ??= mkdtempSync(path.join(tmpdir(), 'eog-e2e-work-'));

/**
 * Runs against Debian's Chromium (never `playwright install`): WebGL comes from SwiftShader.
 * Build first (npm run build): the specs drive the built UI and the built CLI.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Waits are on app state, never sleeps; a loaded CI machine may need longer than the 5 s default.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  // Baselines are committed next to the specs.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
});
