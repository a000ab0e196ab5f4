import { sampleDir } from './sample.js';
import { startServe } from './serve.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const served = await startServe(sampleDir());
  // Workers inherit the environment set here.
  process.env.EOG_E2E_URL = served.url;
  return () => served.stop();
}
