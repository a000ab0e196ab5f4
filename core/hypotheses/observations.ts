import type { EntityId } from '../model/index.js';
import type { CauseClass } from '../ledger/index.js';

/** The alias group of an entity, itself included (a Service, its Deployment and Pods). */
export type AliasesOf = (id: EntityId) => readonly EntityId[];

/** Without a topology every entity stands alone. */
export const noAliases: AliasesOf = (id) => [id];

/**
 * What the node labels say about the hypotheses (labels are evidence for or against them).
 * Everything here is a pure function of the investigation state, in a fixed order.
 */
export interface MechanismObservation {
  statement: string;
  support: string[];
  confidence: number;
  /** 'model' when a model's proposal named the mechanism. */
  source?: 'model';
}

export interface EntityObservation {
  entity: EntityId;
  cause: CauseClass;
  confidence: number;
  support: string[];
  refute: string[];
  isRefuted: boolean;
  reason: string;
  statement: string;
  mechanism: MechanismObservation | null;
  /** 'model' when only a model's proposal (HypothesisProposed) puts it forward. */
  source?: 'model';
}

export interface ClassObservation {
  cause: CauseClass;
  confidence: number;
  support: string[];
  refute: string[];
  isRefuted: boolean;
  reason: string;
  /** Best first (confidence, then id). */
  entities: EntityObservation[];
  /** 'model' when only model proposals put the class forward. */
  source?: 'model';
}
