import { strengths, thresholds } from '../thresholds.js';
import { mentions } from './context.js';
import { saturate, type CauseRule, type Of } from './rule.js';
import { plainCause } from './traits.js';

type Template = Of<'log_template'>;

const NEW_ERRORS = strengths.newErrorLogs;
const CODE_PATH = strengths.codePath;

/** The Poisson surprise of a template's change; a new or vanished one without it counts as just significant. */
const surprise = (e: Template): number => e.detail.surprise ?? (e.detail.isNew || e.detail.isGone ? thresholds.templateSurprise : 0);

export const newErrorLogsRule: CauseRule = {
  id: 'new_error_logs',
  role: 'cause',
  family: 'logs',
  when: `error log templates new in the window, or ≥${thresholds.templateRateRatio}× the rate the service’s own traffic predicts with −log10 p ≥ ${thresholds.templateSurprise}; not those that name one of my dependencies`,
  strength: `${NEW_ERRORS.base} + ${NEW_ERRORS.gain}·s(top surprise, ${NEW_ERRORS.scale})`,
  explanation:
    'The node’s code logs errors it did not log before. An error that names a dependency ("No instances available for X") is about X instead (named_dependency); explained by a failing callee.',
  ...plainCause,
  explainedBy: 'callee',
  isCrashConsequence: true,
  match: (ctx) => {
    // An error that names one of my dependencies reports that dependency's trouble, not a fault in my own code.
    const namesDependency = (e: Template): boolean =>
      ctx.dependencies.some((name) => mentions(`${e.detail.template}\n${e.detail.example ?? ''}`, name));
    const errors = ctx.templates.filter(
      (e) =>
        e.detail.isError &&
        e.detail.windowCount > 0 &&
        !namesDependency(e) &&
        (e.detail.isNew || ((e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio && surprise(e) >= thresholds.templateSurprise)),
    );
    if (errors.length === 0) return [];
    const top = Math.max(...errors.map(surprise));
    const example = errors[0]?.detail.template.slice(0, 120) ?? '';
    return [
      {
        evidence: errors.map((e) => e.id),
        strength: NEW_ERRORS.base + NEW_ERRORS.gain * saturate(top, NEW_ERRORS.scale),
        text: `${errors.length} error log template(s) new or surging (surprise ${top.toFixed(1)}), e.g. "${example}"`,
      },
    ];
  },
};

export const codePathRule: CauseRule = {
  id: 'code_path',
  role: 'cause',
  family: 'logs',
  when: `non-error log statements (templates keyed by source location) gone (−log10 p ≥ ${thresholds.goneSurprise}), or down to ≤${(thresholds.droppedRateRatio * 100).toFixed(0)} % of the rate the service’s volume predicts (−log10 p ≥ ${thresholds.templateSurprise}), unless every operation (span name, ≥${thresholds.operationMinSpans} baseline spans) they ran in has no span in the window; weakly, a statement at ≤${thresholds.sequenceRateRatio}× its expected rate that no longer follows its predecessor in the same span (−log10 p ≥ ${thresholds.sequenceSurprise})`,
  strength: `${CODE_PATH.base} + ${CODE_PATH.gain}·s(Σ surprise, ${CODE_PATH.scale}); a broken sequence adds at most the template threshold`,
  explanation:
    'A code path stopped running while the service kept logging: an early return or an exception thrown before the statement is reached. A statement whose operation no longer arrives at all (no span of it in the window) stopped because no request asked for it, which tells of the callers, not of this code. Explained by a failing callee.',
  ...plainCause,
  explainedBy: 'callee',
  match: (ctx) => {
    // The operations a statement ran in, when the spans tell: all of them stopped arriving.
    const isOperationGone = (e: Template): boolean => {
      const ops = e.detail.operations ?? [];
      return ops.length > 0 && ops.every((o) => o.window === 0 && o.baseline >= thresholds.operationMinSpans);
    };
    // Gone, or nearly so: a statement that now runs at a fraction of the rate the service's own
    // volume predicts (an exception thrown on most requests before it is reached).
    const isDropped = (e: Template): boolean =>
      e.detail.rateRatio != null && e.detail.rateRatio <= thresholds.droppedRateRatio && surprise(e) >= thresholds.templateSurprise;
    // A statement that runs less and no longer after its predecessor in the same requests. A
    // shift in the request mix also breaks sequences (the predecessor then runs more, not the
    // follower less), so the follower's own rate must have fallen, and the weight is capped.
    const sequenceWeight = (e: Template): number =>
      (e.detail.sequence?.surprise ?? 0) >= thresholds.sequenceSurprise && (e.detail.rateRatio ?? 1) <= thresholds.sequenceRateRatio
        ? thresholds.templateSurprise
        : 0;
    const gone = ctx.templates.filter(
      (e) =>
        !e.detail.isError &&
        !isOperationGone(e) &&
        ((e.detail.isGone && surprise(e) >= thresholds.goneSurprise) || isDropped(e) || sequenceWeight(e) > 0),
    );
    if (gone.length === 0) return [];
    const total = gone.reduce((a, e) => a + Math.max(isDropped(e) || e.detail.isGone ? surprise(e) : 0, sequenceWeight(e)), 0);
    return [
      {
        evidence: gone.map((e) => e.id),
        strength: CODE_PATH.base + CODE_PATH.gain * saturate(total, CODE_PATH.scale),
        text: `${gone.length} log statement(s) stopped or nearly stopped while the service kept logging (a code path stopped running), e.g. "${gone[0]?.detail.template.slice(0, 120) ?? ''}"`,
      },
    ];
  },
};
