import type { EntityId } from '../../core/model/ids.js';

/** The monitoring stack's service: the Watchdog alert and red-herring alerts fire on it. */
export const MONITORING_ID: EntityId = 'monitoring/Service/prometheus';
