/**
 * Test-only entry, never shipped (scripts/build-main.ts bundles main/cli/main.ts, which does not
 * reach this file): the real `eog` program, killed with SIGKILL right after the ledger commits
 * the Nth evaluation this process ran, so the kill-and-resume test stops a real run at a known
 * step without a switch in the CLI.
 *
 *   node --import tsx main/session/testing/cli-killed-after-steps.ts <N> <eog arguments...>
 */
import type { StepRecord } from '../../../core/controller/index.js';
import { buildProgram } from '../../cli/program.js';
import { reportFatal } from '../../cli/errors.js';
import { Investigation } from '../investigation.js';

const [, , limitArg, ...args] = process.argv;
const limit = Number(limitArg);
if (!Number.isInteger(limit) || limit <= 0) throw new Error(`expected a positive step count, got "${limitArg}"`);

// Every step passes Investigation.commit (persisted in one transaction there), so what is
// counted here is on disk when the process dies.
const commit: unknown = Reflect.get(Investigation.prototype, 'commit');
if (typeof commit !== 'function') throw new Error('Investigation.prototype.commit is gone; update this test entry');
let evaluations = 0;
Reflect.set(Investigation.prototype, 'commit', function (this: Investigation, record: StepRecord): void {
  Reflect.apply(commit, this, [record]);
  evaluations += record.events.filter((e) => e.type === 'StepStarted').length;
  if (evaluations >= limit) process.kill(process.pid, 'SIGKILL');
});

buildProgram()
  .parseAsync(['node', 'eog', ...args])
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });
