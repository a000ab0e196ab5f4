/** Trainer mode's pure parts: the lesson schemas, scoring a trainee, and the lesson's exports. */
export * from './schema.js';
export { scoreAttempt, truthLabel, HINT_COST } from './score.js';
export { renderLessonHtml } from './html.js';
export { classTableCsv } from './table.js';
