export class LessonInputError extends Error {
  override name = 'LessonInputError';
}

export class NoLessonError extends Error {
  override name = 'NoLessonError';
  constructor() {
    super('No lesson is in progress: start one from the Trainer button.');
  }
}

/** What every answer-revealing channel says while a trainee is in a lesson. */
export class LessonInProgressError extends Error {
  override name = 'LessonInProgressError';
  constructor(channel: string) {
    super(`${channel} is hidden while a lesson is in progress: finish or leave the lesson first.`);
  }
}
