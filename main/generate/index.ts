export {
  generateIncident,
  bundleName,
  resolveServiceCount,
  DEFAULT_SERVICES,
  MAX_SERVICES,
  type GenerateOptions,
  type GeneratedIncident,
} from './generate.js';
export { faultTypes, parseFaultType, UnknownFaultError, type FaultType } from './faults.js';
export { GenerateOptionError } from './errors.js';
export { Rng } from './prng.js';
