import { strengths, thresholds } from '../thresholds.js';
import { lastSegment, mentions } from './context.js';
import type { ExplainerRule, Match } from './rule.js';

const STRENGTH = strengths.namedDependency;
/** A few lines are enough to show the name; the rest would crowd the packet's citations. */
const MAX_CITED = 5;

export const namedDependencyRule: ExplainerRule = {
  id: 'named_dependency',
  role: 'explainer',
  family: 'logs',
  when: `a new or surging error template (or a raw error line after the onset) names a dependency of the node as a whole word or its English plural (names of ≥${thresholds.minNameLength} characters)`,
  strength: String(STRENGTH),
  explanation:
    'Error messages often name the dependency that failed ("No instances available for ts-basic-service", "connection refused to cart:6379"): the message points at it.',
  explains: 'anything',
  isFailingDependency: true,
  effect: (node, neighbour) => `${node} fails requests that need ${neighbour}`,
  match: (ctx) => {
    const { packet } = ctx;
    const surging = ctx.templates.filter(
      (e) => e.detail.isError && e.detail.windowCount > 0 && (e.detail.isNew || (e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio),
    );
    // Templates may have masked the name away; the raw error lines after the onset still carry it.
    const onset = packet.incidentTime ?? packet.window.start;
    const errorLines =
      surging.length === 0 ? [] : ctx.logs.filter((e) => e.time >= onset && /^(error|fatal|critical)$/i.test(e.detail.severity ?? ''));
    const errors = [
      ...surging.map((e) => ({ id: e.id, text: `${e.detail.template}\n${e.detail.example ?? ''}` })),
      ...errorLines.map((e) => ({ id: e.id, text: e.summary })),
    ];
    const out: Match[] = [];
    const seen = new Set<string>();
    for (const n of packet.neighbours) {
      if (n.direction !== 'out' || seen.has(n.id) || n.id === packet.node) continue;
      const name = lastSegment(n.id);
      if (name.length < thresholds.minNameLength) continue;
      const mentioning = errors.filter((e) => mentions(e.text, name));
      if (mentioning.length === 0) continue;
      seen.add(n.id);
      out.push({
        neighbour: n.id,
        evidence: mentioning.slice(0, MAX_CITED).map((e) => e.id),
        strength: STRENGTH,
        text: `my error logs name ${name} ("${mentioning[0]?.text.slice(0, 160) ?? ''}")`,
      });
    }
    return out;
  },
};
