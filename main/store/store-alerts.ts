import type { EvidenceItem } from '../../core/model/evidence.js';
import type { EvidenceStore } from './evidence-store.js';

type AlertDetail = Extract<EvidenceItem['detail'], { type: 'alert' }>;

/** An alert of the store as the bootstrap, a policy's bootstrap phase and the scopes read it. */
export interface StoreAlert {
  id: string;
  entity: string;
  name: string;
  severity: AlertDetail['severity'];
  summary: string;
  startsAt: AlertDetail['startsAt'];
  endsAt: AlertDetail['endsAt'];
}

/**
 * The store's alerts, each with the item it was read from (the scopes want its provenance and
 * labels too): the one reading of alert evidence the session's layers share.
 */
export function storeAlertItems(store: EvidenceStore): { alert: StoreAlert; item: EvidenceItem }[] {
  return store.alerts().flatMap((item) =>
    item.detail.type === 'alert'
      ? [
          {
            alert: {
              id: item.id,
              entity: item.entity,
              name: item.detail.name,
              severity: item.detail.severity,
              summary: item.summary,
              startsAt: item.detail.startsAt,
              endsAt: item.detail.endsAt,
            },
            item,
          },
        ]
      : [],
  );
}

/** The store's alerts as the bootstrap (and a policy's bootstrap phase) read them. */
export function storeAlerts(store: EvidenceStore): StoreAlert[] {
  return storeAlertItems(store).map((a) => a.alert);
}
