/** Trainer mode's Node side: lessons over the one investigation service, kept in SQLite. */
export { LessonSession, EVIDENCE_PER_HINT, keptSummary, type LessonSetup } from './session.js';
export { LessonStore, defaultLessonsFile, lessonMigrations } from './store.js';
export { LessonInputError, LessonInProgressError, NoLessonError } from './errors.js';
