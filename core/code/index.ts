export * from './model.js';
export { PdgIndex, assemblePdg, buildEdges } from './pdg.js';
export { calleesPassed, followFlag, isBinding, maxFlowDistance, type Carried, type FactRef, type FlowStart, type Reached } from './flow.js';
export { isKeyLike, messageStrength, normalizeName, parseFrames, type Frame } from './match.js';
export { locate, type LocateOptions } from './locate.js';
export { anchorEvidence, codeAnchorKinds, type CodeAnchor, type CodeAnchorInput, type CodeAnchorKind } from './anchors.js';
export { anchorsFromEvidence, drillOrigin, maxDrillEvidence, type DrillAnchor, type DrilledBlock } from './drill.js';
export { changedKeys, type ChangedValue } from './change-keys.js';
export {
  changeAnchors,
  drillThroughChange,
  type ServiceDrill,
  type ServiceSource,
  type ThroughBlock,
  type ThroughDrill,
} from './drill-through.js';
export {
  inadmissible,
  maxWalkSteps,
  neighboursOf,
  walkCode,
  type CodeAction,
  type CodeChooser,
  type CodeStepContext,
  type WalkResult,
  type WalkCrossing,
  type WalkStep,
} from './walk.js';
export {
  clientServiceName,
  dependencyRefs,
  matchDependencies,
  namesInLiteral,
  normaliseDependencyName,
  type DependencyEntity,
  type DependencyRef,
  type DependencyTarget,
  type DependencyVia,
} from './dependencies.js';
export { codeCrossings, dependencyScope, maxCrossings } from './cross.js';
