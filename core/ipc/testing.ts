import type { AppInfo, GraphView, SnapshotSummary } from './app-schemas.js';
import type { Handlers } from './contract.js';
import { NotAvailableError } from './errors.js';

/** A snapshot summary of one entity and nothing else, named `name`. For tests. */
export function fakeSnapshotSummary(name = 'fake'): SnapshotSummary {
  return {
    name,
    description: null,
    incidentTime: null,
    sourceKind: null,
    hash: 'h',
    entityCount: 1,
    edgeCount: 0,
    alertCount: 0,
    warnings: [],
  };
}

/** Handlers that answer with fixed data; every other channel is NotAvailable. For tests. */
export function fakeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const snapshot = fakeSnapshotSummary();
  const info: AppInfo = {
    name: 'EoG Workbench',
    version: '0.0.0',
    host: 'web',
    capabilities: { investigation: false, overrides: false, export: false, openSnapshot: false, cancelImport: false, choosePath: false },
    snapshot,
    isReplay: false,
    replayOfCase: null,
  };
  const graph: GraphView = {
    nodes: [{ id: 'a/Service/x', kind: 'Service', name: 'x', namespace: 'a', alertCount: 0, label: null, isFrontier: false }],
    edges: [],
  };
  const unavailable = (channel: string) => () => Promise.reject(new NotAvailableError(channel));
  return {
    'app.info': () => Promise.resolve(info),
    'snapshot.current': () => Promise.resolve(snapshot),
    'snapshot.probe': unavailable('snapshot.probe'),
    'snapshot.open': unavailable('snapshot.open'),
    'snapshot.choose': unavailable('snapshot.choose'),
    'import.cancel': unavailable('import.cancel'),
    'graph.get': () => Promise.resolve(graph),
    'investigation.start': unavailable('investigation.start'),
    'investigation.step': unavailable('investigation.step'),
    'investigation.stepBack': unavailable('investigation.stepBack'),
    'investigation.seek': unavailable('investigation.seek'),
    'investigation.run': unavailable('investigation.run'),
    'investigation.pause': unavailable('investigation.pause'),
    'investigation.reset': unavailable('investigation.reset'),
    'investigation.override': unavailable('investigation.override'),
    'investigation.judgeHypothesis': unavailable('investigation.judgeHypothesis'),
    'investigation.state': unavailable('investigation.state'),
    'ledger.events': unavailable('ledger.events'),
    'node.inspect': unavailable('node.inspect'),
    'evidence.charts': unavailable('evidence.charts'),
    'lesson.status': unavailable('lesson.status'),
    'lesson.start': unavailable('lesson.start'),
    'lesson.hint': unavailable('lesson.hint'),
    'lesson.answer': unavailable('lesson.answer'),
    'lesson.next': unavailable('lesson.next'),
    'lesson.finish': unavailable('lesson.finish'),
    'lesson.note': unavailable('lesson.note'),
    'lesson.leave': unavailable('lesson.leave'),
    'lesson.class': unavailable('lesson.class'),
    'lesson.export': unavailable('lesson.export'),
    'lesson.import': unavailable('lesson.import'),
    'diagnosis.get': unavailable('diagnosis.get'),
    'export.render': unavailable('export.render'),
    'cases.info': () => Promise.resolve({ hostFile: null, file: null }),
    'cases.open': unavailable('cases.open'),
    'cases.lesson': unavailable('cases.lesson'),
    ...overrides,
  };
}
