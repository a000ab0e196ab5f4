import { InvestigationSettings, type InvestigationState, type KeptInvestigation } from '../../core/ipc/index.js';
import {
  scoreAttempt,
  type EngineJudgement,
  type LessonAnswer,
  type LessonQuestion,
  type LessonView,
  type ScoreCard,
} from '../../core/lesson/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import type { ContextPacket, Label } from '../../core/model/index.js';
import type { GroundTruth } from '../../core/scoring/index.js';
import type { InvestigationService } from '../session/index.js';
import { LessonInputError } from './errors.js';
import type { LessonStore } from './store.js';

/** Evidence items shown at first, and revealed by each hint; after them a hint shows the inbox. */
export const EVIDENCE_PER_HINT = 3;

export interface LessonSetup {
  service: InvestigationService;
  store: LessonStore;
  lessonId: string;
  title: string;
  groundTruth: GroundTruth | null;
}

interface Question {
  index: number;
  seq: number;
  node: string;
  packet: ContextPacket;
  hints: number;
}

/** The analyst's investigation as the start form tells of it: no labels, only its size and whether it runs. */
export function keptSummary(state: InvestigationState): KeptInvestigation | null {
  return state.seq < 0 ? null : { evaluations: state.evaluations, isRunning: state.status === 'running' };
}

function allEvents(service: InvestigationService, afterSeq: number): LedgerEvent[] {
  const out: LedgerEvent[] = [];
  let after = afterSeq;
  for (;;) {
    const page = service.events(after, 5000);
    out.push(...page.events);
    if (!page.hasMore || page.events.length === 0) return out;
    after = (page.events[page.events.length - 1] as LedgerEvent).seq;
  }
}

/**
 * One trainee's attempt at a lesson. The trainee walks the engine's own investigation (the one
 * session service): each Step evaluates the next node as always and the ledger records the
 * engine's belief, but the trainee is shown only the node's packet, a part at a time, and sees
 * the engine's judgement once they have committed theirs. Nothing here reaches the renderer
 * except `view()`, which carries only what the trainee has earned.
 */
export class LessonSession {
  private question: Question | null = null;
  private isRevealed = false;
  private readonly answers: LessonAnswer[] = [];
  private score: ScoreCard | null = null;
  private lastSeq = -1;

  private constructor(
    private readonly setup: LessonSetup,
    readonly trainee: string,
    readonly attemptId: number,
    /** The analyst's investigation set aside for this lesson; null when none was open. */
    readonly kept: KeptInvestigation | null,
  ) {}

  /**
   * Sets the analyst's open investigation aside (the service keeps it as it is; `leave()` brings
   * it back) and starts the engine's own investigation from the beginning for the trainee.
   */
  static async start(setup: LessonSetup, trainee: string, groundTruthText: string | null): Promise<LessonSession> {
    setup.store.ensureLesson(setup.lessonId, setup.title, groundTruthText);
    const kept = keptSummary(setup.service.state());
    const isKept = await setup.service.setAside();
    try {
      await setup.service.start({ settings: InvestigationSettings.parse({}), policy: { kind: 'heuristic' } });
      const session = new LessonSession(setup, trainee, setup.store.startAttempt(setup.lessonId, trainee), isKept ? kept : null);
      await session.advance();
      return session;
    } catch (error) {
      // A lesson that cannot start gives the analyst's investigation straight back.
      if (isKept) setup.service.restoreAside();
      throw error;
    }
  }

  /**
   * Ends the lesson for the workbench: the investigation set aside at the start comes back as it
   * was, and the lesson's own is closed. Without one (nothing was open) the lesson's stays open.
   */
  leave(): boolean {
    return this.setup.service.restoreAside();
  }

  get isFinished(): boolean {
    return this.score !== null;
  }

  /** The evidence ids the trainee has been shown for `node` (charts mark only these). */
  revealedEvidence(node: string): Set<string> {
    const shown = new Set<string>();
    for (const a of this.answers) if (a.node === node) for (const id of a.engine.evidence) shown.add(id);
    const q = this.question;
    if (q && q.node === node) for (const e of this.visible(q)) shown.add(e.id);
    return shown;
  }

  private visible(q: Question): ContextPacket['evidence'] {
    return q.packet.evidence.slice(0, EVIDENCE_PER_HINT * (1 + q.hints));
  }

  /** Steps the engine once; the evaluated node becomes the next question, or the lesson ends. */
  private async advance(): Promise<void> {
    const before = this.lastSeq;
    await this.setup.service.step();
    const events = allEvents(this.setup.service, before);
    const started = events.filter((e) => e.type === 'StepStarted').pop();
    this.lastSeq = events.length > 0 ? (events[events.length - 1] as LedgerEvent).seq : before;
    if (!started || started.type !== 'StepStarted') return this.finish();
    const details = await this.setup.service.inspect(started.node);
    if (!details.packet) return this.finish();
    this.question = { index: this.answers.length + 1, seq: started.seq, node: started.node, packet: details.packet, hints: 0 };
    this.isRevealed = false;
  }

  private requireQuestion(): Question {
    if (!this.question || this.isFinished) throw new LessonInputError('the lesson has ended: there is no step to answer');
    return this.question;
  }

  hint(): void {
    const q = this.requireQuestion();
    if (this.isRevealed) throw new LessonInputError('this step is answered: go to the next step');
    if (this.hintsLeft(q) === 0) throw new LessonInputError('every part of the packet is shown already');
    q.hints += 1;
  }

  private hintsLeft(q: Question): number {
    const hidden = Math.max(0, q.packet.evidence.length - this.visible(q).length);
    const inboxShown = q.packet.evidence.length <= EVIDENCE_PER_HINT * q.hints;
    return Math.ceil(hidden / EVIDENCE_PER_HINT) + (inboxShown ? 0 : 1);
  }

  private judgement(q: Question): EngineJudgement {
    const set = allEvents(this.setup.service, q.seq).find((e) => e.type === 'BeliefSet' && e.node === q.node);
    if (!set || set.type !== 'BeliefSet') throw new LessonInputError(`the engine recorded no belief for ${q.node} at this step`);
    return { label: set.belief.label, confidence: set.belief.confidence, summary: set.belief.summary, evidence: [...set.belief.evidence] };
  }

  answer(label: Label, cited: readonly string[], hypothesis: string): void {
    const q = this.requireQuestion();
    if (this.isRevealed) throw new LessonInputError('this step is answered already');
    const shown = new Set(this.visible(q).map((e) => e.id));
    const unknown = cited.filter((id) => !shown.has(id));
    if (unknown.length > 0) throw new LessonInputError(`cite evidence shown in this step's packet; not shown: ${unknown.join(', ')}`);
    const answer: LessonAnswer = {
      index: q.index,
      seq: q.seq,
      node: q.node,
      label,
      cited: [...new Set(cited)],
      hypothesis,
      hints: q.hints,
      engine: this.judgement(q),
    };
    this.answers.push(answer);
    this.setup.store.saveAnswer(this.attemptId, answer);
    this.isRevealed = true;
  }

  async next(): Promise<void> {
    this.requireQuestion();
    if (!this.isRevealed) throw new LessonInputError('commit an answer for this step first');
    await this.advance();
  }

  /** Ends the attempt: the engine finishes the investigation, and the score card is made. */
  async finish(): Promise<void> {
    if (this.isFinished) return;
    // An unanswered question is dropped: the trainee never committed it.
    this.question = null;
    const state = await this.setup.service.runToEnd();
    this.score = scoreAttempt(this.answers, this.setup.groundTruth, state.frontier);
    this.setup.store.finishAttempt(this.attemptId, this.score);
    const s = this.score;
    const agreement = s.agreementWithEngine === null ? 'n/a' : `${Math.round(s.agreementWithEngine * 100)} %`;
    this.setup.service.keepLessonOutcome(
      `${this.trainee}: ${s.points} points over ${s.steps} steps, ${agreement} agreement with the engine, frontier ${s.frontier.join(', ') || '(empty)'}`,
    );
  }

  note(seq: number, text: string): void {
    this.setup.store.addNote(this.setup.lessonId, seq, text);
  }

  view(): LessonView {
    const q = this.question;
    let question: LessonQuestion | null = null;
    if (q && !this.isFinished) {
      const evidence = this.visible(q);
      const isInboxShown = q.packet.evidence.length <= EVIDENCE_PER_HINT * q.hints;
      question = {
        index: q.index,
        seq: q.seq,
        node: q.node,
        evidence,
        hiddenEvidence: q.packet.evidence.length - evidence.length,
        // Discovered edges are the engine's claims: they would give its reasoning away.
        neighbours: q.packet.neighbours
          .filter((n) => !n.isDiscovered)
          .map((n) => ({ id: n.id, relation: n.relation, direction: n.direction })),
        inbox: isInboxShown ? q.packet.inbox.map((m) => ({ from: m.from, label: m.belief.label, summary: m.belief.summary })) : null,
        hintsUsed: q.hints,
        hintsLeft: this.isRevealed ? 0 : this.hintsLeft(q),
      };
    }
    return {
      lessonId: this.setup.lessonId,
      title: this.setup.title,
      trainee: this.trainee,
      attemptId: this.attemptId,
      hasGroundTruth: this.setup.groundTruth !== null,
      status: this.isFinished ? 'finished' : this.isRevealed ? 'revealed' : 'question',
      question,
      answers: [...this.answers],
      notes: this.setup.store.notes(this.setup.lessonId),
      score: this.score,
    };
  }
}
