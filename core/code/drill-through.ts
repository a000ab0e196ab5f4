import type { EvidenceItem } from '../model/evidence.js';
import { changedKeys } from './change-keys.js';
import { compareDrilled, mergeAnchored, strongestEvidence, type DrillAnchor, type DrilledBlock } from './drill.js';
import { locate } from './locate.js';
import type { CodePdg } from './model.js';

/** Blocks kept per service and in all (at least one per reading service). */
const perService = 5;
const maxBlocks = 5;

export interface ServiceSource {
  /** The entity the change acts on whose source this is (`shop/Service/ad`). */
  service: string;
  pdg: CodePdg;
}

export interface ThroughBlock extends DrilledBlock {
  service: string;
}

export interface ServiceDrill {
  service: string;
  /** The anchors (changed keys) this service reads. */
  anchors: DrillAnchor[];
  blocks: DrilledBlock[];
}

export interface ThroughDrill {
  /** One `flag` anchor per changed key of each change record, whether or not any code reads it. */
  anchors: DrillAnchor[];
  /** Only the services that read a changed key, best reader first. */
  services: ServiceDrill[];
  /** Each reading service's best block first, then the rest, best first. */
  blocks: ThroughBlock[];
}

/**
 * Change kinds that set values code reads by key. A deploy, an image or a scale acts through
 * what runs, not through a key: they are not followed into code.
 */
const keyedChangeKinds = new Set(['config', 'feature_flag']);

/** The changed keys of the configuration and flag change records among the evidence, one anchor per key and record. */
export function changeAnchors(items: readonly EvidenceItem[]): DrillAnchor[] {
  const anchors: DrillAnchor[] = [];
  for (const item of strongestEvidence(items))
    if (item.detail.type === 'change' && keyedChangeKinds.has(item.detail.changeKind))
      for (const key of changedKeys(item.detail.diff)) anchors.push({ kind: 'flag', text: key, evidence: item.id });
  return anchors;
}

/**
 * The drill from an Origin with no source of its own (a ConfigMap) through its change into the
 * source of the services the change acts on (docs/code-layer.md, "Through a change"). A
 * configuration change acts only through the code that reads the changed key: each service
 * is searched for the reads of each changed key (`locate` with `readsOnly`: a call evaluates
 * the key by name) and the branches and calls its value reaches. A service that reads none
 * gets no block — not the listing, the comparison or a variable merely named like a key.
 */
export function drillThroughChange(sources: readonly ServiceSource[], items: readonly EvidenceItem[]): ThroughDrill {
  const anchors = changeAnchors(items);
  const services: ServiceDrill[] = [];
  for (const { service, pdg } of sources) {
    const located = anchors.map((a) => ({ anchor: a, blocks: locate(pdg, a.text, { limit: perService, readsOnly: true }) }));
    const read = located.filter((l) => l.blocks.length > 0);
    if (read.length === 0) continue;
    const blocks = mergeAnchored(
      read.map((l) => ({ evidence: l.anchor.evidence, blocks: l.blocks })),
      perService,
    );
    services.push({ service, anchors: read.map((l) => l.anchor), blocks });
  }
  services.sort((a, b) => compareDrilled(a.blocks[0] as DrilledBlock, b.blocks[0] as DrilledBlock) || a.service.localeCompare(b.service));
  const tagged = services.map((s) => s.blocks.map((b): ThroughBlock => ({ ...b, service: s.service })));
  const firsts = tagged.map((list) => list[0] as ThroughBlock);
  const rest = tagged.flatMap((list) => list.slice(1)).sort(compareDrilled);
  const blocks = [...firsts, ...rest].slice(0, Math.max(maxBlocks, firsts.length));
  return { anchors, services, blocks };
}
