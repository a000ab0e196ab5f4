import type { CausalGraphChoice } from '../../../core/ipc/index.js';

/** The causal-graph flags investigate and bench share (docs/causal-graph.md). */
export type CausalFlags = {
  knowledge?: string[];
  enforceKnowledge?: boolean;
  causalGraph?: boolean;
  causalSteer?: boolean;
  causalSteerRoots?: boolean;
  causalEarlyStop?: boolean;
};

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function addCausalOptions<
  T extends { option(flags: string, description: string, fn?: (v: string, p: string[] | undefined) => string[]): T },
>(command: T): T {
  return command
    .option('--knowledge <file>', 'operational knowledge (YAML) laid over the default; repeatable (docs/causal-graph.md)', collect)
    .option('--no-enforce-knowledge', 'causal graph: apply proposals that break the knowledge or topology (still recorded as violations)')
    .option('--no-causal-graph', 'turn off the causal-graph layer (nothing of it is recorded)')
    .option(
      '--causal-steer',
      'causal graph: orphan alerts queue their unevaluated entities (reason "reminder"; off by default: it costs accuracy under alert floods)',
    )
    .option('--causal-steer-roots', 'causal graph: anomalies with no upstream cause queue their unevaluated neighbours (reason "reminder")')
    .option('--causal-early-stop', 'causal graph: stop once every seed is evaluated, every alert attached and the graph single-rooted');
}

export function causalChoiceFrom(flags: CausalFlags): CausalGraphChoice {
  return {
    enabled: flags.causalGraph !== false,
    enforce: flags.enforceKnowledge !== false,
    files: flags.knowledge ?? [],
    steer: flags.causalSteer === true,
    steerRoots: flags.causalSteerRoots === true,
    earlyStop: flags.causalEarlyStop === true,
  };
}
