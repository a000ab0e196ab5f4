import { rawAlertSchema, rawFaultSchema, rawPropagationSchema } from './schema.js';
import type { GroundTruthAlert, GroundTruthFault, GroundTruthPropagation, GroundTruthWarning } from './types.js';

/** Collects references to groups that are not defined, one warning per missing id. */
export class ReferenceChecker {
  private readonly missing = new Map<string, string[]>();

  constructor(private readonly known: ReadonlySet<string>) {}

  check(id: string | null | undefined, where: string): void {
    if (id === null || id === undefined || this.known.has(id)) return;
    const places = this.missing.get(id) ?? [];
    places.push(where);
    this.missing.set(id, places);
  }

  warnings(): GroundTruthWarning[] {
    return [...this.missing].map(([id, places]) => ({
      code: 'undefined_group_reference',
      message: `group ${id} is referenced (${places.join(', ')}) but not defined; those references are ignored for matching`,
      groupIds: [id],
    }));
  }
}

export function readAliases(raw: readonly unknown[], refs: ReferenceChecker): string[][] {
  const lists: string[][] = [];
  raw.forEach((item, index) => {
    if (!Array.isArray(item)) return;
    const ids = item.filter((id): id is string => typeof id === 'string');
    ids.forEach((id) => refs.check(id, `aliases #${index + 1}`));
    lists.push(ids);
  });
  return lists;
}

export function readAlerts(raw: readonly unknown[], refs: ReferenceChecker, warnings: GroundTruthWarning[]): GroundTruthAlert[] {
  const alerts: GroundTruthAlert[] = [];
  for (const item of raw) {
    const parsed = rawAlertSchema.safeParse(item);
    if (!parsed.success) continue;
    const id = parsed.data.id ?? '(unnamed alert)';
    const groupId = parsed.data.group_id ?? null;
    if (groupId === null) {
      warnings.push({ code: 'alert_without_group', message: `alert ${id} names no group_id`, groupIds: [] });
    }
    refs.check(groupId, `alert ${id}`);
    alerts.push({ id, groupId, description: parsed.data.metadata?.description ?? null });
  }
  return alerts;
}

export function readPropagations(raw: readonly unknown[], refs: ReferenceChecker): GroundTruthPropagation[] {
  const propagations: GroundTruthPropagation[] = [];
  for (const item of raw) {
    const parsed = rawPropagationSchema.safeParse(item);
    if (!parsed.success || !parsed.data.source || !parsed.data.target) continue;
    const { source, target } = parsed.data;
    refs.check(source, 'propagation source');
    refs.check(target, 'propagation target');
    propagations.push({ source, target, condition: parsed.data.condition ?? null, effect: parsed.data.effect ?? null });
  }
  return propagations;
}

export function readFaults(raw: readonly unknown[], refs: ReferenceChecker): GroundTruthFault[] {
  const faults: GroundTruthFault[] = [];
  for (const item of raw) {
    const parsed = rawFaultSchema.safeParse(item);
    if (!parsed.success) continue;
    const entity = parsed.data.entity;
    refs.check(entity?.group_id, 'fault entity');
    faults.push({
      category: parsed.data.category ?? null,
      condition: parsed.data.condition ?? null,
      mechanism: parsed.data.fault_mechanism ?? null,
      entity: entity ? { groupId: entity.group_id ?? null, kind: entity.kind ?? null, name: entity.name ?? null } : null,
    });
  }
  return faults;
}
