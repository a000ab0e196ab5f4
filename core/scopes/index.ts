export {
  alertSeverities,
  alertSignature,
  normaliseAlerts,
  normaliseSeverity,
  type AlertSeverity,
  type NormalisedAlert,
  type RawAlert,
} from './normalise.js';
export { DEFAULT_ALERT_WINDOW_MS, formScopes, type ScopeOptions, type Scoping } from './form.js';
export { burstOf, FLOOD_MIN_ALERTS, FLOOD_MIN_ENTITIES, isHighVolume, summariseSignature } from './signature.js';
export { scopeTopology, type ScopeTopology } from './topology.js';
export { packetScope, scopesOf } from './packet.js';
export { BROADCAST_CONFIDENCE, scopeReactions, type ScopeRouting } from './messages.js';
export { FLOOD_FIRST_SEEDS, orderSeedsByScopes } from './seeds.js';
