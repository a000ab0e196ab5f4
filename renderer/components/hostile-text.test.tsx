/**
 * Bidi and other format characters in snapshot text (#48, item 4): React escapes markup but
 * renders U+202E as an override, so a name could show reversed. Every place the UI shows
 * entity names, log lines and summaries passes them through core/text's showControls.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createClient, dispatch } from '../../core/ipc/index.js';
import { fakeHandlers } from '../../core/ipc/testing.js';
import { ContextPacket } from '../../core/model/index.js';
import { createWorkbenchGraph, loadGraphView } from '../graph/model.js';
import { StoreContext } from '../store/context.js';
import { createWorkbenchStore } from '../store/store.js';
import { PacketView } from './PacketView.js';
import { RootExplainsList } from './RootExplainsList.js';
import { SimilarCases } from './SimilarCases.js';
import { SnapshotWarnings } from './SnapshotWarnings.js';

/** "exe.txt" that renders as "txt.exe", a zero-width space and an isolate: what a hostile log can carry. */
const reversed = 'invoice\u202Etxt.exe\u202C';
const hidden = 'ad\u200Bmin\u2066x\u2069';
const rawFormat = /[\p{Cf}\u0080-\u009F]/u;
const noop = (): void => undefined;

const packet = ContextPacket.parse({
  node: `shop/Service/${reversed}`,
  entity: { id: `shop/Service/${reversed}`, kind: 'Service', name: reversed, namespace: 'shop' },
  window: { start: 0, end: 1 },
  incidentTime: null,
  neighbours: [],
  omittedNeighbours: 0,
  inbox: [
    {
      from: `shop/Pod/${hidden}`,
      to: `shop/Service/${reversed}`,
      belief: { label: 'Symptom', evidence: [], summary: reversed, confidence: 0.5 },
      seq: 1,
    },
  ],
  evidence: [
    {
      id: 'log:3',
      entity: `shop/Service/${reversed}`,
      kind: 'log',
      time: 0,
      summary: `error from ${reversed}`,
      score: 1,
      detail: { type: 'log', severity: 'ERROR' },
      provenance: { file: `logs${hidden}.jsonl`, line: 3, sha256: 'x', extractor: 'raw' },
    },
  ],
  omitted: [{ kind: 'log', count: 2, summary: hidden }],
  tokenCount: 10,
  tokenBudget: 100,
});

describe('snapshot text with format characters in the UI', () => {
  it('shows them as <U+XXXX> in the context packet and its raw lines, never raw', () => {
    const store = createWorkbenchStore(createClient({ invoke: (c, i) => dispatch(fakeHandlers(), c, i), on: () => () => {} }));
    const html = renderToStaticMarkup(
      <StoreContext.Provider value={store}>
        <PacketView
          packet={packet}
          seq={1}
          rawLines={[{ evidenceId: 'log:3', file: 'logs.jsonl', line: 3, text: `{"body":"${reversed}"}` }]}
        />
      </StoreContext.Provider>,
    );
    expect(html).not.toMatch(rawFormat);
    expect(html).toContain('invoice&lt;U+202E&gt;txt.exe&lt;U+202C&gt;');
    expect(html).toContain('ad&lt;U+200B&gt;min&lt;U+2066&gt;x&lt;U+2069&gt;');
  });

  it('shows them in the diagnosis, the similar cases and the snapshot warnings', () => {
    const html = [
      renderToStaticMarkup(
        <RootExplainsList
          entities={[
            {
              name: `shop/Service/${reversed}`,
              contributing_factor: false,
              reasoning: '',
              evidence: '',
              explains: {
                alerts: [`HighErrorRate on ${hidden}`],
                severity: { critical: 1, warning: 0, info: 0 },
                entry: [],
                anomalous: 1,
                anomalous_total: 1,
                concurrent: false,
              },
            },
          ]}
        />,
      ),
      renderToStaticMarkup(
        <SimilarCases
          isOpening={false}
          onOpen={noop}
          onLesson={noop}
          similar={[{ case: reversed, score: 0.5, frontier: [hidden], cause: 'change', why: [reversed] }]}
        />,
      ),
      renderToStaticMarkup(<SnapshotWarnings warnings={[`logs.jsonl:3: entity "${reversed}" is not in topology.json`]} />),
    ].join('\n');
    // data-* attributes are hooks for scripts and tests, never shown: they keep the value as it is.
    expect(html.replace(/ data-[a-z-]+="[^"]*"/g, '')).not.toMatch(rawFormat);
    expect(html.match(/&lt;U\+202E&gt;/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('shows them in the labels the canvas draws', () => {
    const graph = createWorkbenchGraph();
    loadGraphView(graph, {
      nodes: [
        {
          id: `shop/Service/${reversed}`,
          kind: 'Service',
          name: reversed,
          namespace: 'shop',
          alertCount: 0,
          label: null,
          isFrontier: false,
        },
      ],
      edges: [],
    });
    expect(graph.getNodeAttribute(`shop/Service/${reversed}`, 'label')).toBe('Service/invoice<U+202E>txt.exe<U+202C>');
  });
});
