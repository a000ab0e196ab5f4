export {
  createInvestigationSession,
  InvestigationNotStartedError,
  InvestigationRunningError,
  ReadOnlyInvestigationError,
  type InvestigationSession,
} from './session.js';
export type { Engine, EngineHandle } from './engine.js';
export { investigationHandlers } from './handlers.js';
export { projectState } from './project.js';
export { createStoreEngine, PolicyNotConfiguredError } from './store-engine.js';
