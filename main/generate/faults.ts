/** The faults `eog generate` can inject (the "Evaluation and benchmarks" issue's list). */
export const faultTypes = [
  'config_change',
  'resource_saturation',
  'network_delay',
  'code_error',
  'traffic_surge',
  'hidden_dependency',
  'feature_flag',
  'feature_flag_deploy',
  'feature_flag_noise',
  'feature_flag_hidden_edge',
  'untraced_dependency',
  'autoscaler_limit',
] as const;
export type FaultType = (typeof faultTypes)[number];

export class UnknownFaultError extends Error {
  override name = 'UnknownFaultError';
  constructor(value: string) {
    super(`unknown fault "${value}": use one of ${faultTypes.join(', ')} (or --all-faults)`);
  }
}

export function parseFaultType(value: string): FaultType {
  const normalised = value.trim().toLowerCase().replace(/-/g, '_');
  const found = faultTypes.find((f) => f === normalised);
  if (!found) throw new UnknownFaultError(value);
  return found;
}

/** ITBench fault categories, for ground_truth.yaml. */
export const faultCategory: Record<FaultType, string> = {
  config_change: 'Change',
  resource_saturation: 'Resource Saturation',
  network_delay: 'Network',
  code_error: 'Code',
  traffic_surge: 'Traffic',
  hidden_dependency: 'Dependency',
  feature_flag: 'Change',
  feature_flag_deploy: 'Change',
  feature_flag_noise: 'Change',
  feature_flag_hidden_edge: 'Change',
  untraced_dependency: 'Dependency',
  autoscaler_limit: 'Change',
};

/** Change-driven incidents: a feature flag surges traffic into a saturating database, with a red herring per variant. */
export const isFeatureFlag = (fault: FaultType): boolean => fault.startsWith('feature_flag');
