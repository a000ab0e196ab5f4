import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../diagnosis/index.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { hostile, hostileDiagnosis } from './test-support.js';

/** Source code is hostile input too: a snippet that tries to close its fence or its <pre>. */
function withCode(): Diagnosis {
  const d = hostileDiagnosis();
  const [root, ...rest] = d.entities;
  const snippet = `if (flag) {\n  log("</pre>${hostile.script}");\n  s = \`\`\`\`\n# not a heading\n}`;
  return {
    ...d,
    entities: [
      {
        ...root!,
        code: [{ file: 'src/cart.ts', function: 'addItem', startLine: 10, endLine: 14, reason: hostile.img, evidence: ['log:1'], snippet }],
      },
      ...rest,
    ],
  };
}

describe('code in reports', () => {
  it('HTML shows the snippet escaped in a <pre>, with its location and reason', () => {
    const html = renderHtml(withCode());
    expect(html).toContain('<pre class="code">if (flag) {');
    expect(html).toContain('&lt;/pre&gt;');
    expect(html).not.toContain(hostile.script);
    expect(html).toContain('src/cart.ts:10-14');
  });

  it('Markdown fences the snippet with a fence longer than any backtick run in it', () => {
    const md = renderMarkdown(withCode());
    const at = md.indexOf('**Code:** src/cart.ts:10-14 in addItem');
    expect(at).toBeGreaterThan(-1);
    const after = md.slice(at).split('\n');
    expect(after[2]).toBe('`````');
    const close = after.indexOf('`````', 3);
    expect(after.slice(3, close).join('\n')).toContain('# not a heading');
  });
});
