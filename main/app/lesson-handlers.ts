import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityCharts } from '../../core/charts/index.js';
import type { Handlers, LessonStatus } from '../../core/ipc/index.js';
import { classTableCsv, LessonBundle, renderLessonHtml } from '../../core/lesson/index.js';
import { parseGroundTruth } from '../../core/scoring/index.js';
import {
  LessonInputError,
  LessonInProgressError,
  LessonSession,
  LessonStore,
  NoLessonError,
  defaultLessonsFile,
  keptSummary,
} from '../lesson/index.js';
import type { InvestigationService } from '../session/index.js';
import type { LoadedSnapshot } from './bundle.js';

type LessonChannels =
  | 'lesson.status'
  | 'lesson.start'
  | 'lesson.hint'
  | 'lesson.answer'
  | 'lesson.next'
  | 'lesson.finish'
  | 'lesson.note'
  | 'lesson.leave'
  | 'lesson.class'
  | 'lesson.export'
  | 'lesson.import';

/** Charts a lesson's HTML export draws: the nodes walked, first visited first. */
const MAX_EXPORT_CHARTS = 6;
const GROUND_TRUTH_FILE = 'ground_truth.yaml';

export interface LessonHosting {
  handlers: Pick<Handlers, LessonChannels>;
  /** True while a trainee is answering: the answer-revealing channels are closed. */
  isHiding(): boolean;
  /** Evidence ids of `node` the trainee has been shown (the charts mark only these). */
  revealed(node: string): Set<string>;
  /** Drops the lesson in progress (a new snapshot was opened: the service, and what it set aside, close with it). */
  leave(): void;
  close(): void;
}

export interface LessonContext {
  service: () => InvestigationService | null;
  snapshot: () => LoadedSnapshot | null;
  isReplay: () => boolean;
  /** The lessons' SQLite file; default `defaultLessonsFile()`. */
  lessonsFile?: string;
  /** After the lesson ends or is left: the investigation (the lesson's, or the one brought back) may be shown again. */
  onReveal: () => void;
}

function readGroundTruth(root: string): { text: string | null; file: string } {
  const file = path.join(root, GROUND_TRUTH_FILE);
  return { text: existsSync(file) ? readFileSync(file, 'utf8') : null, file };
}

/**
 * Trainer mode behind the IPC contract, for the Electron app and the web host alike. A lesson
 * runs the workbench's one investigation service; while it runs, the workbench asks
 * `isHiding()` and closes every channel that would show the engine's labels, the diagnosis or
 * the ground truth.
 */
export function createLessonHosting(context: LessonContext): LessonHosting {
  let lesson: LessonSession | null = null;
  let store: LessonStore | null = null;
  const lessons = (): LessonStore => (store ??= LessonStore.open(context.lessonsFile ?? defaultLessonsFile()));
  /** A lesson is starting: its channels close already, so nothing drives the service under it. */
  let isStarting = false;
  const isHiding = (): boolean => isStarting || (lesson !== null && !lesson.isFinished);

  const requireSnapshot = (): LoadedSnapshot => {
    const s = context.snapshot();
    if (!s || context.isReplay()) throw new LessonInputError('open an incident snapshot first (a replayed ledger cannot be a lesson)');
    return s;
  };
  const lessonId = (s: LoadedSnapshot): string => s.summary.hash.slice(0, 16);
  const requireLesson = (): LessonSession => {
    if (!lesson) throw new NoLessonError();
    return lesson;
  };
  const requireOpen = (channel: string): void => {
    if (isHiding()) throw new LessonInProgressError(channel);
  };
  const status = (): LessonStatus => {
    const s = context.snapshot();
    const service = context.service();
    const isAvailable = !!s && !context.isReplay() && service !== null;
    const investigation = lesson ? lesson.kept : isAvailable ? keptSummary(service.state()) : null;
    return { isAvailable, hasGroundTruth: !!s && readGroundTruth(s.root).text !== null, lesson: lesson?.view() ?? null, investigation };
  };
  const chartsOf = async (nodes: readonly string[]): Promise<EntityCharts[]> => {
    const service = context.service();
    if (!service) return [];
    const out: EntityCharts[] = [];
    for (const node of [...new Set(nodes)].slice(0, MAX_EXPORT_CHARTS)) out.push(await service.charts(node, 640));
    return out;
  };

  const handlers: LessonHosting['handlers'] = {
    'lesson.status': async () => status(),
    'lesson.start': async ({ trainee }) => {
      const snapshot = requireSnapshot();
      const service = context.service();
      if (!service) throw new LessonInputError('this host runs no investigations, so it cannot run a lesson');
      const gt = readGroundTruth(snapshot.root);
      const groundTruth = gt.text === null ? null : parseGroundTruth(gt.text, gt.file);
      // A lesson started over another first gives back what that one set aside, to set it aside again.
      lesson?.leave();
      lesson = null;
      isStarting = true;
      try {
        lesson = await LessonSession.start(
          { service, store: lessons(), lessonId: lessonId(snapshot), title: snapshot.summary.name, groundTruth },
          trainee,
          gt.text,
        );
      } finally {
        isStarting = false;
      }
      return lesson.view();
    },
    'lesson.hint': async () => {
      requireLesson().hint();
      return requireLesson().view();
    },
    'lesson.answer': async ({ label, cited, hypothesis }) => {
      requireLesson().answer(label, cited, hypothesis);
      return requireLesson().view();
    },
    'lesson.next': async () => {
      const l = requireLesson();
      await l.next();
      if (l.isFinished) context.onReveal();
      return l.view();
    },
    'lesson.finish': async () => {
      const l = requireLesson();
      await l.finish();
      context.onReveal();
      return l.view();
    },
    'lesson.note': async ({ seq, text }) => {
      const l = requireLesson();
      l.note(seq, text);
      return l.view();
    },
    'lesson.leave': async () => {
      const left = lesson;
      lesson = null;
      if (left) {
        // The analyst's investigation comes back as it was (or, with none, the lesson's stays).
        left.leave();
        context.onReveal();
      }
      return status();
    },
    'lesson.class': async () => {
      requireOpen('lesson.class');
      return lessons().classTable(lessonId(requireSnapshot()));
    },
    'lesson.export': async ({ format }) => {
      requireOpen('lesson.export');
      const id = lessonId(requireSnapshot());
      const base = `lesson-${id}`;
      switch (format) {
        case 'bundle':
          return {
            filename: `${base}.eog-lesson.json`,
            mimeType: 'application/json',
            content: JSON.stringify(lessons().bundle(id), null, 2),
          };
        case 'json':
          return {
            filename: `${base}-class.json`,
            mimeType: 'application/json',
            content: JSON.stringify(lessons().classTable(id), null, 2),
          };
        case 'csv':
          return { filename: `${base}-class.csv`, mimeType: 'text/csv; charset=utf-8', content: classTableCsv(lessons().classTable(id)) };
        case 'html': {
          const bundle = lessons().bundle(id);
          const nodes = bundle.attempts.flatMap((a) => a.answers.map((x) => x.node));
          return {
            filename: `${base}.html`,
            mimeType: 'text/html; charset=utf-8',
            content: renderLessonHtml(bundle, await chartsOf(nodes)),
          };
        }
      }
    },
    'lesson.import': async ({ content }) => {
      requireOpen('lesson.import');
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch (error) {
        throw new LessonInputError(`not a lesson bundle: ${error instanceof Error ? error.message : String(error)}`);
      }
      const bundle = LessonBundle.safeParse(parsed);
      if (!bundle.success)
        throw new LessonInputError(
          `not a lesson bundle: ${bundle.error.issues[0]?.path.join('.') ?? ''} ${bundle.error.issues[0]?.message ?? ''}`,
        );
      lessons().importBundle(bundle.data);
      return lessons().classTable(bundle.data.lessonId);
    },
  };

  return {
    handlers,
    isHiding,
    revealed: (node) => lesson?.revealedEvidence(node) ?? new Set(),
    leave: () => {
      lesson = null;
    },
    close: () => {
      lesson = null;
      store?.close();
      store = null;
    },
  };
}
