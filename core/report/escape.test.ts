import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown, escapeXml, showControls, truncate } from './escape.js';

describe('escaping', () => {
  it('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a> ok`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt; ok');
  });

  it('shows control characters as control pictures and replaces lone surrogates', () => {
    expect(showControls('a\u0000b\u001bc\u007fd\te\nf')).toBe('a\u2400b\u241bc\u2421d\te\nf');
    expect(showControls('x\uD800y 𝄞')).toBe('x\uFFFDy 𝄞');
  });

  it('strips characters XML 1.0 forbids and keeps whitespace as character references', () => {
    expect(escapeXml(`a\u0001b\u007f\u0085\uFFFE<c>&"'\t\n\r\uDC00`)).toBe('ab&lt;c&gt;&amp;&quot;&apos;&#9;&#10;&#13;');
  });

  it('makes Markdown syntax and HTML inert and keeps values on one line', () => {
    const out = escapeMarkdown('`x` | *b* _i_ [l](u) ~s~ # h \\ <script>&\nnext');
    expect(out).toBe('\\`x\\` \\| \\*b\\* \\_i\\_ \\[l\\](u) \\~s\\~ \\# h \\\\ &lt;script&gt;&amp;<br>next');
  });

  it('truncates long text and says how much was cut', () => {
    expect(truncate('abcdef', 10)).toBe('abcdef');
    expect(truncate('abcdef', 2)).toBe('ab… (4 more characters)');
  });
});
