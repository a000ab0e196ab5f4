import { requireChromium } from '../main/platform/chromium.js';
import { NEZHA_SLICE } from '../main/convert/nezha/test-fixtures.js';
import { allowedWorkDir, sampleDir } from './sample.js';
import { startServe } from './serve.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Fail before starting anything, in one line saying how to get Chromium.
  requireChromium();
  // No case library: the specs' investigations must not fill the user's (e2e/cases.spec.ts names its own).
  // What the specs open from the page: their temporary folders and the Nezha slice, given as a user gives folders.
  const served = await startServe(sampleDir(), ['--no-cases', '--allow', allowedWorkDir(), '--allow', NEZHA_SLICE]);
  // Workers inherit the environment set here.
  process.env.EOG_E2E_URL = served.url;
  return () => served.stop();
}
