import type { Diagnosis } from '../diagnosis/index.js';
import { createState, edgeKey, nodeOf } from '../ledger/index.js';
import type { InvestigationState, InvestigationStatus } from '../ledger/index.js';

/** Strings a hostile log can carry: markup, quotes, entities, controls, Markdown syntax, bidi, astral. */
export const hostile = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  quotes: `"quotes" and 'single'`,
  entity: '&amp; &lt;b&gt; &#x3C;',
  controls: 'bell\u0007 esc\u001b[31m nul\u0000 del\u007f',
  markdown: '`code` | pipe | **bold** _em_ [link](javascript:alert(1)) ![i](x) ~~s~~ # h',
  newline: 'line one\n# heading?\n- list?\r\n| a | b |',
  unicode: 'ünïcödé ✓ 𝄞 日本語 \u202Eevil\u202C lone:\uD800',
  formatting: 'lri\u2066 pdi\u2069 rlo\u202E pdf\u202C rlm\u200F lrm\u200E alm\u061C zwsp\u200B bom\uFEFF tag\u{E0041} csi\u009B nel\u0085',
  long: 'x'.repeat(5000),
  cdata: ']]> <![CDATA[ x ]]> <!-- c --> <?pi?>',
} as const;

/** Control characters no report may emit raw (C0 but tab, LF, CR; DEL), for assertions. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const rawControlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Format characters (Unicode Cf: bidi embeddings, overrides, isolates and marks, zero-width ones, tags) and C1 controls: none may reach a human format raw. */
export const rawFormatChars = /[\p{Cf}\u0080-\u009F]/u;

export const hostileText = Object.values(hostile).join(' ¦ ');

/** A diagnosis whose every snapshot-derived string is hostile, as a malicious bundle could make it. */
export function hostileDiagnosis(): Diagnosis {
  const root = `shop/Service/${hostile.script}`;
  const mid = `shop/Pod/"quotes"&amp;|pipe|\u0007`;
  const leaf = 'shop/Service/gateway';
  return {
    entities: [
      {
        name: root,
        contributing_factor: true,
        reasoning: hostileText,
        evidence: `[log:1] ${hostile.script}\n[log:2] ${hostile.markdown}`,
        // A tampered ledger can carry any rule id: a known one and a hostile one.
        rules: ['change', hostile.img],
      },
      { name: mid, contributing_factor: false, reasoning: hostile.newline, evidence: '' },
    ],
    propagations: [
      { source: root, target: mid, condition: hostile.img, effect: hostile.quotes },
      { source: mid, target: leaf, condition: hostile.controls, effect: hostile.cdata },
    ],
    alerts_explained: [{ alert: `${hostile.script} on ${leaf}`, explanation: hostile.markdown, explained: true }],
    frontier: [root],
    ranking: [
      { entity: root, score: 1.2 },
      { entity: mid, score: 0.3 },
      { entity: leaf, score: 0.25 },
      { entity: `shop/Pod/${hostile.unicode}`, score: 0 },
    ],
    outcome: 'confident',
    confidence: { raw: 0.9, grounding: 'grounded', cap: 1, effective: 0.9 },
    evidence: [
      {
        id: 'log:1',
        entity: root,
        kind: 'log',
        summary: hostileText,
        provenance: { file: `logs|${hostile.script}.jsonl`, line: 12, sha256: 'ab'.repeat(32), extractor: 'raw' },
      },
      {
        id: `log:2${hostile.markdown}`,
        entity: mid,
        kind: 'log',
        summary: hostile.long,
        provenance: { file: 'logs.jsonl', line: null, sha256: 'cd'.repeat(32), extractor: 'log_template' },
      },
    ],
    run: {
      policy: 'heuristic',
      model: hostile.script,
      steps: 3,
      policyCalls: 3,
      tokensIn: 0,
      tokensOut: 0,
      snapshotHash: 'ef'.repeat(32),
      settings: { budget: 50, note: hostile.quotes },
    },
  };
}

export class XmlNotWellFormedError extends Error {
  override name = 'XmlNotWellFormedError';
  constructor(at: number, detail: string) {
    super(`not well-formed XML at offset ${at}: ${detail}`);
  }
}

const nameStart = '[A-Za-z_:][\\w.:-]*';
const openTag = new RegExp(`<(${nameStart})((?:\\s+${nameStart}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const closeTag = new RegExp(`</(${nameStart})\\s*>`, 'y');
const attribute = new RegExp(`(${nameStart})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const badReference = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);)/;
const illegalChar =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A small XML 1.0 well-formedness check for tests (no DTDs, no CDATA): legal characters,
 * matched and nested tags, one root, quoted unique attributes, only predefined or numeric
 * references. Enough to prove an escaping bug would break the export.
 */
export function checkXmlWellFormed(xml: string): void {
  const illegal = illegalChar.exec(xml);
  if (illegal) throw new XmlNotWellFormedError(illegal.index, `illegal character U+${(illegal[0].codePointAt(0) ?? 0).toString(16)}`);
  const stack: string[] = [];
  let roots = 0;
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (badReference.test(text)) throw new XmlNotWellFormedError(i, 'bare & in text');
    if (text.includes(']]>')) throw new XmlNotWellFormedError(i, ']]> in text');
    if (stack.length === 0 && text.trim() !== '') throw new XmlNotWellFormedError(i, 'text outside the root element');
    if (lt === -1) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1 || xml.slice(i + 4, end).includes('--')) throw new XmlNotWellFormedError(i, 'bad comment');
      i = end + 3;
      continue;
    }
    closeTag.lastIndex = i;
    openTag.lastIndex = i;
    const close = closeTag.exec(xml);
    const open = close ? null : openTag.exec(xml);
    if (close) {
      if (stack.pop() !== close[1]) throw new XmlNotWellFormedError(i, `unexpected </${close[1]}>`);
      i = closeTag.lastIndex;
    } else if (open) {
      checkAttributes(open[2] ?? '', i);
      if (stack.length === 0 && ++roots > 1) throw new XmlNotWellFormedError(i, 'more than one root element');
      if (open[3] !== '/') stack.push(open[1] ?? '');
      i = openTag.lastIndex;
    } else {
      throw new XmlNotWellFormedError(i, `bad markup ${JSON.stringify(xml.slice(i, i + 40))}`);
    }
  }
  if (stack.length > 0) throw new XmlNotWellFormedError(xml.length, `unclosed <${stack.at(-1)}>`);
  if (roots !== 1) throw new XmlNotWellFormedError(0, 'no root element');
}

function checkAttributes(text: string, at: number): void {
  const names = new Set<string>();
  for (const m of text.matchAll(attribute)) {
    const name = m[1] ?? '';
    if (names.has(name)) throw new XmlNotWellFormedError(at, `duplicate attribute ${name}`);
    names.add(name);
    if (badReference.test(m[2] ?? m[3] ?? '')) throw new XmlNotWellFormedError(at, `bare & in attribute ${name}`);
  }
}

/** A folded-ledger state for the hostile diagnosis: labels, one discovered edge, a status. */
export function hostileState(status: InvestigationStatus = 'finished', evaluations = 3): InvestigationState {
  const d = hostileDiagnosis();
  const state = createState();
  state.status = status;
  state.evaluations = evaluations;
  const labels = ['Origin', 'Symptom', 'Symptom', 'Healthy'] as const;
  d.ranking.forEach((r, i) => {
    const node = nodeOf(state, r.entity);
    node.visits = 1;
    node.belief = { label: labels[i] ?? 'Defer', evidence: [], summary: '', confidence: 0.5 };
  });
  d.propagations.forEach((p, seq) => {
    const edge = {
      from: p.source,
      to: p.target,
      by: p.target,
      evidence: [],
      condition: p.condition,
      effect: p.effect,
      isDiscovered: seq === 1,
      seq,
    };
    state.edges.set(edgeKey(p.source, p.target), edge);
  });
  return state;
}
