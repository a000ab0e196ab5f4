import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileKnowledge, KnowledgeError, parseKnowledge, type CompiledKnowledge, type KnowledgeSource } from '../../core/causal/index.js';
import type { CausalSettings } from '../../core/ledger/index.js';
import { findPackageRoot } from '../platform/index.js';

/** The shipped knowledge for Kubernetes microservices. */
export function defaultKnowledgeFile(): string {
  return path.join(findPackageRoot(import.meta.url), 'resources', 'knowledge', 'default.yaml');
}

function readSource(file: string): KnowledgeSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new KnowledgeError(file, null, `cannot read the knowledge file (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  return { document: parseKnowledge(text, file), file };
}

/**
 * The default knowledge with the user's files laid over it in order (`mode: extend` adds,
 * `mode: replace` stands alone), compiled. Errors name the file and line (KnowledgeError).
 */
export function loadKnowledge(files: readonly string[] = []): CompiledKnowledge {
  return compileKnowledge([defaultKnowledgeFile(), ...files].map(readSource));
}

/** The layer's settings as the ledger records them: the knowledge by identity. */
export function causalSettingsFor(
  knowledge: CompiledKnowledge,
  enforce: boolean,
  steering: { steer?: boolean; steerRoots?: boolean; earlyStop?: boolean } = {},
): CausalSettings {
  return {
    enforce,
    steer: steering.steer ?? false,
    steerRoots: steering.steerRoots ?? false,
    earlyStop: steering.earlyStop ?? false,
    k: 2,
    epsilon: 1e-9,
    knowledge: { name: knowledge.name, version: knowledge.version, sha256: knowledge.sha256 },
  };
}
