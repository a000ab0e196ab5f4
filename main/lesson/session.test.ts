import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { parseGroundTruth } from '../../core/scoring/index.js';
import { generateIncident, type GeneratedIncident } from '../generate/index.js';
import { createInvestigationService, openSnapshotSource, type InvestigationService } from '../session/index.js';
import { LessonSession } from './session.js';
import { LessonStore } from './store.js';

const root = mkdtempSync(path.join(tmpdir(), 'eog-lesson-'));
let incident: GeneratedIncident;
let service: InvestigationService;
let store: LessonStore;

beforeAll(async () => {
  incident = await generateIncident(path.join(root, 'bundle'), { fault: 'code_error', seed: 5, services: 6 });
  service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(incident.dir) });
  store = LessonStore.open(path.join(root, 'lessons.sqlite'));
}, 60_000);

afterAll(() => {
  service?.close();
  store?.close();
  rmSync(root, { recursive: true, force: true });
});

async function startLesson(trainee: string): Promise<LessonSession> {
  const text = readFileSync(path.join(incident.dir, 'ground_truth.yaml'), 'utf8');
  return LessonSession.start(
    { service, store, lessonId: 'lesson-1', title: 'code error', groundTruth: parseGroundTruth(text) },
    trainee,
    text,
  );
}

describe('a lesson over the one investigation service', () => {
  it('shows a question without the engine’s judgement, reveals it after the answer, and scores the attempt', async () => {
    const lesson = await startLesson('ada');
    let view = lesson.view();
    expect(view.status).toBe('question');
    const q = view.question!;
    expect(q.index).toBe(1);
    expect(q.evidence.length).toBeLessThanOrEqual(3);
    expect(q.inbox).toBeNull();
    expect(view.answers).toEqual([]);
    // Nothing in the view names a label before the answer: no beliefs on neighbours, no inbox.
    expect(JSON.stringify(view)).not.toMatch(/"(Origin|Symptom|Healthy|Defer)"/);

    const shownBefore = q.evidence.length;
    if (q.hintsLeft > 0) {
      lesson.hint();
      view = lesson.view();
      expect(view.question!.hintsUsed).toBe(1);
      expect(view.question!.evidence.length + (view.question!.inbox === null ? 0 : 0)).toBeGreaterThanOrEqual(shownBefore);
    }
    const cited = view.question!.evidence.slice(0, 1).map((e) => e.id);
    expect(() => lesson.answer('Origin', ['log:999999999'], '')).toThrow(/cite evidence shown/);
    lesson.answer('Origin', cited, 'errors started at the incident');
    view = lesson.view();
    expect(view.status).toBe('revealed');
    expect(view.answers[0]?.engine.label).toMatch(/Origin|Symptom|Healthy|Defer/);
    expect(() => lesson.hint()).toThrow(/answered/);

    await lesson.next();
    view = lesson.view();
    expect(view.question?.index).toBe(2);
    lesson.answer('Symptom', [], '');
    lesson.note(view.answers[0]!.seq, 'Look at the error rate first.');
    await lesson.finish();
    view = lesson.view();
    expect(view.status).toBe('finished');
    const score = view.score!;
    expect(score.steps).toBe(2);
    expect(score.hints).toBe(view.answers.reduce((n, a) => n + a.hints, 0));
    const agree = view.answers.filter((a) => a.label === a.engine.label).length;
    expect(score.agreementWithEngine).toBe(agree / 2);
    expect(score.agreementWithTruth).not.toBeNull();
    expect(Object.keys(score.truth).length).toBeGreaterThan(0);
    expect(score.engineFrontierRecall).not.toBeNull();
    expect(view.notes.map((n) => n.text)).toContain('Look at the error rate first.');
  }, 60_000);

  it('gives the analyst’s investigation straight back when the lesson cannot start', async () => {
    await service.start({ settings: InvestigationSettings.parse({ budget: 10 }) });
    await service.step();
    const before = service.events(-1, 5000).events;
    const failing: InvestigationService = { ...service, start: () => Promise.reject(new Error('no evidence store')) };
    const setup = { service, store, lessonId: 'lesson-kept', title: 'code error', groundTruth: null };
    await expect(LessonSession.start({ ...setup, service: failing }, 'ada', null)).rejects.toThrow('no evidence store');
    expect(service.events(-1, 5000).events).toEqual(before);
    expect(service.state().evaluations).toBe(1);
    // Nothing is left aside: the next lesson sets the investigation aside again, and leaving gives it back.
    const lesson = await LessonSession.start(setup, 'ada', null);
    expect(lesson.kept).toEqual({ evaluations: 1, isRunning: false });
    expect(lesson.leave()).toBe(true);
    expect(service.events(-1, 5000).events).toEqual(before);
    service.reset();
  }, 60_000);

  it('keeps every trainee’s attempt for the class table, and a bundle imports into another store', async () => {
    const second = await startLesson('grace');
    second.answer(second.view().question!.evidence.length > 0 ? 'Healthy' : 'Defer', [], '');
    await second.finish();
    const table = store.classTable('lesson-1');
    expect(table.rows.map((r) => r.trainee)).toEqual(['ada', 'grace']);
    expect(table.rows.every((r) => r.score !== null)).toBe(true);

    const bundle = store.bundle('lesson-1');
    const other = LessonStore.open(path.join(root, 'other.sqlite'));
    try {
      other.importBundle(JSON.parse(JSON.stringify(bundle)));
      const imported = other.classTable('lesson-1');
      expect(imported.rows.map((r) => [r.trainee, r.score?.steps])).toEqual(table.rows.map((r) => [r.trainee, r.score?.steps]));
      expect(other.notes('lesson-1').map((n) => n.text)).toEqual(['Look at the error rate first.']);
      expect(other.groundTruth('lesson-1')).toContain('root_cause: true');
    } finally {
      other.close();
    }
  }, 60_000);
});
