export { reasonHypotheses, isDecisive, MAX_LEVEL, type HypothesisEmitter } from './engine.js';
export { concludeHypotheses, acceptedEntities, focusVisits } from './conclude.js';
export { observe, type AliasesOf, type ClassObservation, type EntityObservation } from './observe.js';
export { causeClassOf } from './classify.js';
export { chainOf, rankedChildren, isStanding, compareHypotheses } from './tree.js';
export { classStatements } from './statements.js';
export { redHerrings, quietEvidence, type RedHerring } from './red-herrings.js';
export { codeRegionEvents, maxCodeRegions } from './code-regions.js';
