import type { EvidenceDetail, EvidenceItem } from '../../../model/evidence.js';

/** An evidence item narrowed to one kind of detail. */
export type Of<T extends EvidenceDetail['type']> = EvidenceItem & { detail: Extract<EvidenceDetail, { type: T }> };

export const isType =
  <T extends EvidenceDetail['type']>(type: T) =>
  (e: EvidenceItem): e is Of<T> =>
    e.detail.type === type;
