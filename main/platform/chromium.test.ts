import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChromiumMissingError, chromiumPath, chromiumProblem, requireChromium } from './chromium.js';
import { tempDir } from './testing/temp-dirs.js';

describe('locating Chromium for the tests', () => {
  it('uses EOG_CHROMIUM, else /usr/bin/chromium', () => {
    expect(chromiumPath({ EOG_CHROMIUM: '/opt/chrome' })).toBe('/opt/chrome');
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
  });

  it('says in one line what is wrong and how to get it', () => {
    const problem = chromiumProblem({ EOG_CHROMIUM: '/nonexistent' });
    expect(problem).toBe(
      'Chromium: /nonexistent (EOG_CHROMIUM) does not exist; the tests need it: install it with `apt-get install -y chromium` (Debian/Ubuntu) or set EOG_CHROMIUM=/path/to/chromium',
    );
    expect(() => requireChromium({ EOG_CHROMIUM: '/nonexistent' })).toThrow(ChromiumMissingError);
    const dir = tempDir('eog-chromium-');
    expect(chromiumProblem({ EOG_CHROMIUM: dir })).toMatch(/is not a file; install it with/);
    const notExecutable = join(dir, 'chromium');
    writeFileSync(notExecutable, '#!/bin/sh\n');
    chmodSync(notExecutable, 0o644);
    expect(chromiumProblem({ EOG_CHROMIUM: notExecutable })).toMatch(/is not executable; the tests need it/);
    chmodSync(notExecutable, 0o755);
    expect(chromiumProblem({ EOG_CHROMIUM: notExecutable })).toBeNull();
  });
});
