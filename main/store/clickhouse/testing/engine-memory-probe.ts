/**
 * Run in a child process by engine-memory.test.ts (the allocator's options are read once per
 * process, when chdb loads): opens a chdb store in the engine memory mode given, runs one
 * query that allocates a few hundred MB and frees them, and prints what the process kept.
 *
 *   node --import tsx engine-memory-probe.ts <fast|low> <dir>
 */
import { chooseEngineMemory, ChdbRunner, EngineMemoryError, parseEngineMemory } from '../chdb-runner.js';

const [modeText = '', dir = ''] = process.argv.slice(2);
const mode = parseEngineMemory(modeText, 'mode');
chooseEngineMemory(mode);
const runner = await ChdbRunner.open(dir);
const before = process.memoryUsage().rss;
runner.rows('SELECT length(groupArray(toString(number))) AS n FROM numbers(5000000)');
const after = process.memoryUsage().rss;
let refusedOther = false;
try {
  chooseEngineMemory(mode === 'low' ? 'fast' : 'low');
} catch (error) {
  refusedOther = error instanceof EngineMemoryError;
}
runner.close();
process.stdout.write(`${JSON.stringify({ keptMb: (after - before) / 2 ** 20, refusedOther })}\n`);
