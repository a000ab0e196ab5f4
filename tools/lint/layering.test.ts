import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layeringRule, violation } from './layering.js';

const root = '/repo';
const at = (rel: string): string => path.join(root, rel);

describe('layering rule', () => {
  it('refuses the imports the layer table forbids', () => {
    expect(violation(at('core/controller/step.ts'), 'node:fs', root)).toMatch(/pure/);
    expect(violation(at('core/controller/step.ts'), 'fs', root)).toMatch(/pure/);
    expect(violation(at('core/controller/step.ts'), '../../main/db/open.js', root)).toMatch(/main/);
    expect(violation(at('core/controller/step.ts'), '../../renderer/app.js', root)).toMatch(/renderer/);
    expect(violation(at('core/controller/step.ts'), 'react', root)).toMatch(/may only use/);
    expect(violation(at('main/store/db.ts'), 'electron', root)).toMatch(/electron/);
    expect(violation(at('main/store/db.ts'), '../../renderer/app.js', root)).toMatch(/renderer/);
    expect(violation(at('main/store/db.ts'), '../electron/main.js', root)).toMatch(/main\/electron/);
    expect(violation(at('renderer/app.tsx'), 'node:path', root)).toMatch(/browser/);
    expect(violation(at('renderer/app.tsx'), '../main/web/host.js', root)).toMatch(/main/);
    expect(violation(at('renderer/app.tsx'), 'better-sqlite3', root)).toMatch(/renderer/);
    expect(violation(at('renderer/app.tsx'), 'electron', root)).toMatch(/renderer/);
  });

  it('allows the imports the layer table permits', () => {
    expect(violation(at('core/controller/step.ts'), '../model/index.js', root)).toBeNull();
    expect(violation(at('core/controller/step.ts'), 'zod', root)).toBeNull();
    expect(violation(at('core/graph/graph.ts'), 'graphology-types', root)).toBeNull();
    expect(violation(at('core/scoring/gt.test.ts'), 'node:fs', root)).toBeNull();
    expect(violation(at('main/store/db.ts'), 'better-sqlite3', root)).toBeNull();
    expect(violation(at('main/store/db.ts'), '../../core/model/index.js', root)).toBeNull();
    expect(violation(at('main/electron/main.ts'), 'electron', root)).toBeNull();
    expect(violation(at('main/electron/main.ts'), '../web/host.js', root)).toBeNull();
    expect(violation(at('renderer/graph/view.tsx'), 'sigma', root)).toBeNull();
    expect(violation(at('renderer/graph/view.tsx'), '../../core/model/index.js', root)).toBeNull();
    expect(violation(at('e2e/smoke.spec.ts'), '../main/web/host.js', root)).toBeNull();
  });

  it('keeps the folders inside a layer in their order (tools/lint/ranks.ts)', () => {
    expect(violation(at('main/store/query.ts'), '../session/index.js', root)).toMatch(/above it/);
    expect(violation(at('main/policies/llm/prompts.ts'), '../../app/paths.js', root)).toMatch(/above it/);
    expect(violation(at('main/store/query.ts'), '../ledger/index.js', root)).toMatch(/peers/);
    expect(violation(at('core/ledger/fold.ts'), '../controller/index.js', root)).toMatch(/above it/);
    expect(violation(at('renderer/store/store.ts'), '../graph/layout.js', root)).toMatch(/above it/);
    expect(violation(at('renderer/graph/view.tsx'), '../App.js', root)).toMatch(/above it/);
    expect(violation(at('main/newthing/x.ts'), '../store/index.js', root)).toMatch(/no rank/);
    expect(violation(at('main/session/investigation.ts'), '../store/index.js', root)).toBeNull();
    expect(violation(at('main/cli/commands/import.ts'), '../../store/index.js', root)).toBeNull();
    expect(violation(at('core/policy/heuristic/decide.ts'), '../../controller/types.js', root)).toBeNull();
    expect(violation(at('renderer/App.tsx'), './graph/layout.js', root)).toBeNull();
    // Tests and their helpers may drive any folder of their layer.
    expect(violation(at('main/session/llm-cli.test.ts'), '../cli/program.js', root)).toBeNull();
    expect(violation(at('main/report/sample-run.test-support.ts'), '../session/index.js', root)).toBeNull();
  });

  it('reports a bad import through ESLint', () => {
    const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
    tester.run('layering', layeringRule, {
      valid: [{ code: "import { z } from 'zod';", filename: at('core/model/x.ts'), options: [{ root }] }],
      invalid: [
        { code: "import fs from 'node:fs';", filename: at('core/model/x.ts'), options: [{ root }], errors: [{ messageId: 'layer' }] },
        {
          code: "export * from '../../main/db/open.js';",
          filename: at('core/model/x.ts'),
          options: [{ root }],
          errors: [{ messageId: 'layer' }],
        },
        {
          code: "const e = await import('electron');",
          filename: at('main/store/x.ts'),
          options: [{ root }],
          errors: [{ messageId: 'layer' }],
        },
        {
          code: "import type { Db } from '../main/db/open.js';",
          filename: at('renderer/x.ts'),
          options: [{ root }],
          errors: [{ messageId: 'layer' }],
        },
      ],
    });
  });
});
