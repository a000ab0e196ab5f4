import type { Policy, PolicyResult } from '../../controller/types.js';
import type { ContextPacket } from '../../model/packet.js';
import { decideHeuristic } from './decide.js';
import type { HeuristicOptions } from './findings.js';
import { isRuleId, ruleTable } from './rules/index.js';

export class UnknownRuleError extends Error {
  override name = 'UnknownRuleError';
  constructor(id: string) {
    super(`no heuristic rule "${id}": use one of ${ruleTable.map((r) => r.id).join(', ')}`);
  }
}

/** The built-in policy: deterministic, no model, no tokens. */
export function createHeuristicPolicy(options: HeuristicOptions = {}): Policy {
  // A misspelt id would silently disable nothing and make an ablation report a no-op as a result.
  for (const id of options.disabledRules ?? []) if (!isRuleId(id)) throw new UnknownRuleError(id);
  return {
    name: 'heuristic',
    model: null,
    evaluate(packet: ContextPacket): Promise<PolicyResult> {
      const started = performance.now();
      const { output, rules } = decideHeuristic(packet, options);
      return Promise.resolve({
        output,
        rules,
        tokensIn: null,
        tokensOut: null,
        cached: false,
        error: null,
        ms: performance.now() - started,
      });
    },
  };
}
