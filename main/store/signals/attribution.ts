import { appNameOf, serviceOfPod } from '../../../core/graph/names.js';
import { calleesNamed, type EntityStatusMessages, type TraceEdgeDetail } from '../../../core/signals/index.js';

/** A topology entity as name resolution needs it. */
export interface NamedEntity {
  id: string;
  kind: string;
  name: string;
}

type Attribution = NonNullable<TraceEdgeDetail['attributedTo']>[number];

interface Named {
  name: string;
  ids: ReadonlySet<string>;
  count: number;
  baselineCount: number;
  example: string;
}

/** A callee name a caller's error status messages give that no topology entity has. */
export interface UnresolvedCallee {
  caller: string;
  name: string;
  /** Error spans in the window whose message gives the name. */
  count: number;
  example: string;
}

export interface Attributions {
  /** Caller entity → the topology names its error statuses attribute errors to. */
  byCaller: Map<string, Named[]>;
  /** Names status messages attribute errors to that no topology entity has (not attributed; the import summary warns of them). */
  unresolved: UnresolvedCallee[];
}

/** Unresolved names reported at most (each with one example). */
const MAX_UNRESOLVED = 20;

/**
 * Resolves the callee names the callers' error status messages mention against the topology:
 * an entity's own name or its app's name (core/graph/names.ts: a Service, its Deployment and
 * its Pods share one), case-insensitively. A message attributes its errors to every entity of
 * that name; the edge rows keep those among the caller's actual callees.
 */
export function attributeStatusMessages(messages: readonly EntityStatusMessages[], entities: readonly NamedEntity[]): Attributions {
  const byName = new Map<string, Set<string>>();
  const addName = (name: string, id: string): void => {
    const key = name.toLowerCase();
    const ids = byName.get(key) ?? new Set<string>();
    ids.add(id);
    byName.set(key, ids);
  };
  for (const e of entities) {
    addName(e.name, e.id);
    const app = appNameOf(e.kind, e.name);
    if (app !== null) addName(app, e.id);
  }
  const byCaller = new Map<string, Named[]>();
  const unresolved: Attributions['unresolved'] = [];
  for (const { entity: caller, messages: counts } of messages) {
    for (const m of counts) {
      for (const name of calleesNamed(m.text)) {
        const ids = byName.get(name.toLowerCase());
        if (!ids) {
          if (m.window > 0 && unresolved.length < MAX_UNRESOLVED) unresolved.push({ caller, name, count: m.window, example: m.text });
          continue;
        }
        const named = byCaller.get(caller) ?? [];
        byCaller.set(caller, named);
        const key = name.toLowerCase();
        const seen = named.find((n) => n.name === key);
        if (seen) {
          seen.count += m.window;
          seen.baselineCount += m.baseline;
        } else named.push({ name: key, ids, count: m.window, baselineCount: m.baseline, example: m.text });
      }
    }
  }
  return { byCaller, unresolved };
}

/** What the caller's error statuses attribute to this callee (by id, or by its name or its pod's service name). */
export function attributedTo(a: Attributions, caller: string, callee: string): Attribution[] | undefined {
  const named = a.byCaller.get(caller);
  if (!named || callee === caller) return undefined;
  const last = (callee.split('/').pop() ?? callee).toLowerCase();
  const service = serviceOfPod(last);
  const hits = named.filter((n) => n.ids.has(callee) || n.name === last || n.name === service);
  if (hits.length === 0) return undefined;
  return [
    {
      entity: callee,
      count: hits.reduce((s, n) => s + n.count, 0),
      baselineCount: hits.reduce((s, n) => s + n.baselineCount, 0),
      example: hits[0]?.example ?? '',
    },
  ];
}
