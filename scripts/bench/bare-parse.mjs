/**
 * The yardstick of the import benchmark: `node scripts/bench/bare-parse.mjs <bundle>` reads
 * every .jsonl file of a bundle in 1 MiB chunks, splits the lines and JSON.parses each one,
 * and prints how many it parsed. Nothing else: no validation, no storage. Plain JavaScript
 * so that it starts like the built CLI. Chunked reading measured faster than reading each
 * file whole (less memory for the collector to walk), so it is the stricter yardstick.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/bench/bare-parse.mjs <bundle folder>');
const chunk = Buffer.allocUnsafe(1 << 20);
let parsed = 0;
for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.jsonl')) continue;
  const fd = openSync(join(dir, name), 'r');
  let carry = '';
  for (;;) {
    const bytes = readSync(fd, chunk, 0, chunk.length, null);
    if (bytes === 0) break;
    const lines = (carry + chunk.toString('utf8', 0, bytes)).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) {
      if (line.length === 0) continue;
      JSON.parse(line);
      parsed++;
    }
  }
  if (carry.length > 0) {
    JSON.parse(carry);
    parsed++;
  }
  closeSync(fd);
}
process.stdout.write(`${parsed}\n`);
