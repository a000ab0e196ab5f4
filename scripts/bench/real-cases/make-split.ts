/**
 * Writes split.json from the datasets' fault lists by the rule in split.ts:
 *
 *   npx tsx scripts/bench/real-cases/make-split.ts --nezha-tt <root> --nezha-ob <root> --lab <incidents dir>
 *
 * Run once, when the split was fixed (the lab's part was added by the same rule before any of
 * its results entered the protocol); the split test checks the file still follows the rule.
 */
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { writeFileSync } from 'node:fs';
import { nezhaBundleName } from '../../../main/convert/nezha/convert.js';
import { listDays, readFaultList } from '../../../main/convert/nezha/layout.js';
import { labFaultOrder, listLabIncidents } from './lab.js';
import { buildSplit, SPLIT_FILE, type FaultOrder } from './split.js';

function faultsOf(root: string): FaultOrder[] {
  return listDays(root).flatMap((day) =>
    readFaultList(root, day).map((f) => ({ case: nezhaBundleName(f), injected: new Date(f.injectTime).toISOString() })),
  );
}

const { values } = parseArgs({ options: { 'nezha-tt': { type: 'string' }, 'nezha-ob': { type: 'string' }, lab: { type: 'string' } } });
const tt = values['nezha-tt'];
const ob = values['nezha-ob'];
const lab = values.lab;
if (tt === undefined || ob === undefined || lab === undefined) {
  process.stderr.write('usage: npx tsx scripts/bench/real-cases/make-split.ts --nezha-tt <root> --nezha-ob <root> --lab <incidents dir>\n');
  process.exit(2);
}
const split = buildSplit({ tt: faultsOf(tt), ob: faultsOf(ob), lab: labFaultOrder(listLabIncidents(lab)) });
const text = await format(JSON.stringify(split), { ...((await resolveConfig(SPLIT_FILE)) ?? {}), filepath: SPLIT_FILE });
writeFileSync(SPLIT_FILE, text);
for (const [system, s] of Object.entries(split.systems))
  process.stdout.write(`${system}: ${s.order.length} faults, ${s.dev.length} dev, ${s.val.length} val\n`);
