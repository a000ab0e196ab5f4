import { classifyAlert, isGoldenSignal } from '../../../bootstrap/index.js';
import type { SymptomRule } from './rule.js';

export const alertRule: SymptomRule = {
  id: 'alert',
  role: 'symptom',
  family: 'alerts',
  when: 'a golden-signal alert (errors, latency, traffic, saturation — the bootstrap’s classifier) fired on the node',
  strength: '— (a symptom)',
  explanation: 'The node is degraded. Only golden-signal alerts count: a certificate about to expire says nothing about degradation.',
  match: (ctx) =>
    ctx.alerts
      .filter((e) => isGoldenSignal(classifyAlert(e.detail.name, e.summary, e.detail.severity)))
      .map((e) => ({ evidence: [e.id], strength: 0, text: `alert ${e.detail.name} (${e.detail.severity}) fired` })),
};
