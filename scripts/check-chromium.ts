/**
 * First step of `npm test`: the unit tests (HTML report in a real browser) and the e2e specs
 * drive Chromium, so a machine without it fails here, in one line that says how to get it,
 * instead of minutes later in a browser launch error.
 */
import { chromiumProblem } from '../main/platform/chromium.js';

const problem = chromiumProblem();
if (problem !== null) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
