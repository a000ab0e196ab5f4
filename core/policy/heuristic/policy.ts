import type { Policy, PolicyResult } from '../../controller/types.js';
import type { ContextPacket } from '../../model/packet.js';
import { decideHeuristic } from './decide.js';

/** The built-in policy: deterministic, no model, no tokens. */
export function createHeuristicPolicy(): Policy {
  return {
    name: 'heuristic',
    model: null,
    evaluate(packet: ContextPacket): Promise<PolicyResult> {
      const started = performance.now();
      const { output, rules } = decideHeuristic(packet);
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
