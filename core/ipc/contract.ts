import { z } from 'zod';
import { EntityCharts } from '../charts/index.js';
import { Diagnosis } from '../diagnosis/index.js';
import { AppInfo, ChooseInput, ChosenPath, GraphView, ImportProgress, OpenInput, SnapshotProbe, SnapshotSummary } from './app-schemas.js';
import { CaseOpenInput, CasesInfo } from './cases-schemas.js';
import { ChartsInput } from './charts-schemas.js';
import {
  ClassTable,
  LessonAnswerInput,
  LessonExportInput,
  LessonImportInput,
  LessonNoteInput,
  LessonStartInput,
  LessonStatus,
  LessonView,
} from './lesson-schemas.js';
import { ExportInput, ExportOutput, NodeInspectInput, NodeInspection } from './diagnosis-schemas.js';
import {
  InvestigationState,
  LedgerEventsInput,
  LedgerEventsOutput,
  OverrideInput,
  RunInput,
  SeekInput,
  StartInput,
} from './investigation-schemas.js';
import { JudgeHypothesisInput } from './hypothesis-schemas.js';

const Empty = z.object({}).default({});

/**
 * THE IPC contract: channel (`domain.verb`) → input and output schema. The Electron
 * preload, the web host and the renderer client are all driven by this one map.
 */
export const channels = {
  'app.info': { input: Empty, output: AppInfo },
  'snapshot.current': { input: Empty, output: SnapshotSummary.nullable() },
  'snapshot.probe': { input: z.object({ path: z.string().min(1) }), output: SnapshotProbe },
  'snapshot.open': { input: OpenInput, output: SnapshotSummary },
  'snapshot.choose': { input: ChooseInput, output: ChosenPath },
  'import.cancel': { input: Empty, output: z.object({ isCancelled: z.boolean() }) },
  'graph.get': { input: Empty, output: GraphView },
  'investigation.start': { input: StartInput, output: InvestigationState },
  'investigation.step': { input: Empty, output: InvestigationState },
  'investigation.stepBack': { input: Empty, output: InvestigationState },
  'investigation.seek': { input: SeekInput, output: InvestigationState },
  'investigation.run': { input: RunInput, output: InvestigationState },
  'investigation.pause': { input: Empty, output: InvestigationState },
  'investigation.reset': { input: Empty, output: InvestigationState },
  'investigation.override': { input: OverrideInput, output: InvestigationState },
  'investigation.judgeHypothesis': { input: JudgeHypothesisInput, output: InvestigationState },
  'investigation.state': { input: Empty, output: InvestigationState },
  'ledger.events': { input: LedgerEventsInput, output: LedgerEventsOutput },
  'node.inspect': { input: NodeInspectInput, output: NodeInspection },
  'evidence.charts': { input: ChartsInput, output: EntityCharts },
  'lesson.status': { input: Empty, output: LessonStatus },
  'lesson.start': { input: LessonStartInput, output: LessonView },
  'lesson.hint': { input: Empty, output: LessonView },
  'lesson.answer': { input: LessonAnswerInput, output: LessonView },
  'lesson.next': { input: Empty, output: LessonView },
  'lesson.finish': { input: Empty, output: LessonView },
  'lesson.note': { input: LessonNoteInput, output: LessonView },
  'lesson.leave': { input: Empty, output: LessonStatus },
  'lesson.class': { input: Empty, output: ClassTable },
  'lesson.export': { input: LessonExportInput, output: ExportOutput },
  'lesson.import': { input: LessonImportInput, output: ClassTable },
  'diagnosis.get': { input: Empty, output: Diagnosis },
  'export.render': { input: ExportInput, output: ExportOutput },
  'cases.info': { input: Empty, output: CasesInfo },
  'cases.open': { input: CaseOpenInput, output: SnapshotSummary },
  'cases.lesson': { input: CaseOpenInput, output: SnapshotSummary },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Server-pushed events: name → payload schema. */
export const events = {
  'investigation.changed': InvestigationState,
  'snapshot.changed': SnapshotSummary,
  'import.progress': ImportProgress,
} as const satisfies Record<string, z.ZodType>;

export type Channel = keyof typeof channels;
export type EventName = keyof typeof events;

/** What a handler receives: the input after parsing (defaults applied). */
export type Input<K extends Channel> = z.output<(typeof channels)[K]['input']>;
/** What a caller passes: the input before parsing (defaulted fields optional). */
export type InputArg<K extends Channel> = z.input<(typeof channels)[K]['input']>;
export type Output<K extends Channel> = z.output<(typeof channels)[K]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export type Handlers = { [K in Channel]: (input: Input<K>) => Promise<Output<K>> };

/** Pushes an event to every connected renderer. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(channels, name);
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}

export const channelNames = Object.keys(channels) as Channel[];
