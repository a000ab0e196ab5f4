import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LessonAnswer, ScoreCard, type ClassTable, type LessonBundle, type TrainerNote } from '../../core/lesson/index.js';
import { openDatabase, type Db } from '../db/open.js';
import { defaultDataDir } from '../platform/paths.js';

const v1 = `
CREATE TABLE lessons (id TEXT PRIMARY KEY, title TEXT NOT NULL, ground_truth TEXT, created_at TEXT NOT NULL) STRICT;
CREATE TABLE attempts (
  id INTEGER PRIMARY KEY, lesson_id TEXT NOT NULL REFERENCES lessons(id), trainee TEXT NOT NULL,
  started_at TEXT NOT NULL, finished_at TEXT, score TEXT
) STRICT;
CREATE TABLE answers (
  attempt_id INTEGER NOT NULL REFERENCES attempts(id), step INTEGER NOT NULL, body TEXT NOT NULL,
  PRIMARY KEY (attempt_id, step)
) STRICT;
CREATE TABLE notes (id INTEGER PRIMARY KEY, lesson_id TEXT NOT NULL REFERENCES lessons(id), seq INTEGER NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL) STRICT;
CREATE INDEX attempts_lesson ON attempts(lesson_id);
CREATE INDEX notes_lesson ON notes(lesson_id, seq);
`;
export const lessonMigrations: readonly string[] = [v1];

/** Where lessons are kept: `EOG_DATA_DIR/lessons.sqlite`, else `~/.eog/lessons.sqlite`. */
export function defaultLessonsFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(defaultDataDir(env), 'lessons.sqlite');
}

/**
 * Lessons, trainees' attempts, their answers and trainer notes, in one local SQLite file: a
 * class of trainees taking the same lesson on one machine, compared in the class table.
 */
export class LessonStore {
  private constructor(private readonly db: Db) {}

  static open(file: string): LessonStore {
    mkdirSync(path.dirname(file), { recursive: true });
    return new LessonStore(openDatabase(file, lessonMigrations));
  }

  close(): void {
    this.db.close();
  }

  ensureLesson(id: string, title: string, groundTruth: string | null): void {
    this.db
      .prepare(
        'INSERT INTO lessons (id, title, ground_truth, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET ground_truth = coalesce(lessons.ground_truth, excluded.ground_truth)',
      )
      .run(id, title, groundTruth, new Date().toISOString());
  }

  groundTruth(id: string): string | null {
    const row = this.db.prepare('SELECT ground_truth FROM lessons WHERE id = ?').get(id) as { ground_truth: string | null } | undefined;
    return row?.ground_truth ?? null;
  }

  startAttempt(lessonId: string, trainee: string, at = new Date().toISOString()): number {
    return Number(
      this.db.prepare('INSERT INTO attempts (lesson_id, trainee, started_at) VALUES (?, ?, ?)').run(lessonId, trainee, at).lastInsertRowid,
    );
  }

  saveAnswer(attemptId: number, answer: LessonAnswer): void {
    this.db
      .prepare('INSERT OR REPLACE INTO answers (attempt_id, step, body) VALUES (?, ?, ?)')
      .run(attemptId, answer.index, JSON.stringify(answer));
  }

  finishAttempt(attemptId: number, score: ScoreCard, at = new Date().toISOString()): void {
    this.db.prepare('UPDATE attempts SET finished_at = ?, score = ? WHERE id = ?').run(at, JSON.stringify(score), attemptId);
  }

  answers(attemptId: number): LessonAnswer[] {
    return (this.db.prepare('SELECT body FROM answers WHERE attempt_id = ? ORDER BY step').all(attemptId) as { body: string }[]).map((r) =>
      LessonAnswer.parse(JSON.parse(r.body)),
    );
  }

  addNote(lessonId: string, seq: number, text: string): void {
    this.db.prepare('INSERT INTO notes (lesson_id, seq, text, at) VALUES (?, ?, ?, ?)').run(lessonId, seq, text, new Date().toISOString());
  }

  notes(lessonId: string): TrainerNote[] {
    return this.db.prepare('SELECT seq, text, at FROM notes WHERE lesson_id = ? ORDER BY seq, id').all(lessonId) as TrainerNote[];
  }

  classTable(lessonId: string): ClassTable {
    const lesson = this.db.prepare('SELECT title FROM lessons WHERE id = ?').get(lessonId) as { title: string } | undefined;
    const rows = this.db
      .prepare('SELECT id, trainee, started_at, finished_at, score FROM attempts WHERE lesson_id = ? ORDER BY id')
      .all(lessonId) as { id: number; trainee: string; started_at: string; finished_at: string | null; score: string | null }[];
    return {
      lessonId,
      title: lesson?.title ?? lessonId,
      rows: rows.map((r) => ({
        attemptId: r.id,
        trainee: r.trainee,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        score: r.score === null ? null : ScoreCard.parse(JSON.parse(r.score)),
      })),
    };
  }

  /** The lesson as a bundle another trainer can import. */
  bundle(lessonId: string): LessonBundle {
    const table = this.classTable(lessonId);
    return {
      format: 'eog-lesson',
      version: 1,
      lessonId,
      title: table.title,
      groundTruth: this.groundTruth(lessonId),
      notes: this.notes(lessonId),
      attempts: table.rows.map((r) => ({
        trainee: r.trainee,
        startedAt: r.startedAt,
        finishedAt: r.finishedAt,
        answers: this.answers(r.attemptId),
        score: r.score,
      })),
    };
  }

  /** Adds a bundle's lesson, notes and attempts (as new attempts: nothing here is overwritten). */
  importBundle(bundle: LessonBundle): void {
    this.db.transaction(() => {
      this.ensureLesson(bundle.lessonId, bundle.title, bundle.groundTruth);
      for (const n of bundle.notes)
        this.db.prepare('INSERT INTO notes (lesson_id, seq, text, at) VALUES (?, ?, ?, ?)').run(bundle.lessonId, n.seq, n.text, n.at);
      for (const a of bundle.attempts) {
        const id = this.startAttempt(bundle.lessonId, a.trainee, a.startedAt);
        for (const answer of a.answers) this.saveAnswer(id, answer);
        if (a.score && a.finishedAt) this.finishAttempt(id, a.score, a.finishedAt);
      }
    })();
  }
}
