import type { CodeBlock, CodePdg } from './model.js';

/**
 * Dependencies the code of a service names (docs/code-layer.md, "Crossing back"): hosts of URLs
 * and connection strings, `host:port` pairs, bare names (queues, topics, services) in string
 * literals, and generated RPC clients named after their service (`NewCartServiceClient`,
 * `CartServiceStub`). Read from the PDG's facts only, so no language is special-cased.
 */
export type DependencyVia = 'url' | 'host' | 'name' | 'client';

export interface DependencyRef {
  /** The normalised name the reference points to (`inventory`, `orders-db`). */
  name: string;
  /** The literal or callee as written (cut at 160 characters). */
  text: string;
  via: DependencyVia;
  block: number;
  file: string;
  line: number;
  function: string;
}

/** An entity of the topology a reference can name. */
export interface DependencyEntity {
  id: string;
  kind: string;
  name: string;
}

export interface DependencyTarget extends DependencyRef {
  entity: string;
}

const maxText = 160;
const urlHost = /[a-z][a-z0-9+.-]*(?::[a-z][a-z0-9+.-]*)*:\/\/(?:[^@/\s]*@)?\[?([^:/?#\s,;\]]+)/gi;
const hostPort = /^([a-z0-9][a-z0-9.-]*[a-z0-9]):(\d{2,5})$/i;
const keyHost = /(?:^|[;\s])(?:host|hostname|server|data source|address|addr)\s*=\s*([^;,\s]+)/gi;
const bareName = /^[a-z][a-z0-9._-]*[a-z0-9]$/i;
/** Words a generated RPC client adds to its service's name; a callee with none of them is not a client. */
const clientWords = new Set(['client', 'stub', 'proxy', 'service', 'api']);
const genericWords = new Set(['new', 'create', 'make', 'get', 'grpc', 'rpc', 'http', 'async', 'blocking', 'future', 'svc', 'impl']);
/** Hosts that are never another entity of the system. */
const localHosts = new Set(['localhost', '127.0.0.1', '0.0.0.0', 'example.com', 'www']);

/** Lower case, words joined by nothing: `Orders_DB` ~ `orders-db` ~ `ordersdb`. */
export function normaliseDependencyName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The first DNS label of a host (`cart.shop.svc.cluster.local` → `cart`), unless it is an IP address. */
function firstLabel(host: string): string | null {
  if (/^\d+(\.\d+){3}$/.test(host) || host.includes(':')) return null;
  const label = host.split('.')[0] ?? '';
  return label.length >= 2 && !localHosts.has(label.toLowerCase()) && !localHosts.has(host.toLowerCase()) ? label : null;
}

/** The names one string literal points to, each with how. */
export function namesInLiteral(literal: string): Array<{ name: string; via: DependencyVia }> {
  const out: Array<{ name: string; via: DependencyVia }> = [];
  for (const m of literal.matchAll(urlHost)) {
    const label = firstLabel(m[1] as string);
    if (label !== null) out.push({ name: label, via: 'url' });
  }
  for (const m of literal.matchAll(keyHost)) {
    const label = firstLabel(m[1] as string);
    if (label !== null) out.push({ name: label, via: 'host' });
  }
  const pair = hostPort.exec(literal);
  if (pair !== null) {
    const label = firstLabel(pair[1] as string);
    if (label !== null) out.push({ name: label, via: 'host' });
  }
  if (out.length === 0 && literal.length >= 3 && literal.length <= 80 && bareName.test(literal)) {
    out.push({ name: literal, via: 'name' });
    const label = literal.includes('.') ? firstLabel(literal) : null;
    if (label !== null && label !== literal) out.push({ name: label, via: 'host' });
  }
  return out;
}

/** The service a generated client's callee is named after (`NewCheckoutServiceClient` → `checkout`), or null. */
export function clientServiceName(callee: string): string | null {
  const words = callee
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  if (!words.some((w) => clientWords.has(w))) return null;
  const rest = words.filter((w) => !clientWords.has(w) && !genericWords.has(w));
  return rest.length === 0 ? null : rest.join('-');
}

/** Every dependency reference in the given blocks' own facts (all blocks when `blocks` is omitted), in block and line order. */
export function dependencyRefs(pdg: CodePdg, blocks?: readonly number[]): DependencyRef[] {
  const ids = blocks ?? pdg.blocks.map((b) => b.id);
  const refs: DependencyRef[] = [];
  for (const id of ids) {
    const b = pdg.blocks[id] as CodeBlock | undefined;
    if (b === undefined) continue;
    const at = { block: b.id, file: b.file, function: b.name };
    for (const fact of b.facts) {
      for (const literal of fact.strings)
        for (const n of namesInLiteral(literal)) refs.push({ ...n, text: literal.slice(0, maxText), line: fact.line, ...at });
      // A generated client's constructor, factory or class names its service: the callee, or a
      // type-like name the call is made on (`PaymentServiceGrpc.newBlockingStub`).
      const receivers = fact.calls.length === 0 ? [] : fact.uses.filter((u) => /^[A-Z]/.test(u) && !fact.calls.includes(u));
      for (const callee of [...fact.calls, ...receivers]) {
        const name = clientServiceName(callee);
        if (name !== null) refs.push({ name, via: 'client', text: callee.slice(0, maxText), line: fact.line, ...at });
      }
    }
  }
  return refs;
}

/** Kinds a code reference names best, most specific first; others (ConfigMap, queue, database kinds) come after. */
const kindOrder = ['Service', 'Deployment', 'StatefulSet', 'DaemonSet'];
const neverTargets = new Set(['Pod', 'ReplicaSet', 'Node', 'Container', 'Namespace']);

function kindRank(kind: string): number {
  const i = kindOrder.indexOf(kind);
  return i < 0 ? kindOrder.length : i;
}

/** An entity name's spellings a reference may use: itself and without a generic suffix (`cart-service` ~ `cart`). */
function spellings(name: string): string[] {
  const n = normaliseDependencyName(name);
  const bare = n.replace(/(service|svc|api|server)$/, '');
  return bare.length >= 2 && bare !== n ? [n, bare] : [n];
}

/**
 * The references that name an entity of the topology, one target per entity (its first reference),
 * best kind first per name. `exclude` holds the entities not to cross to (the Origin, its aliases,
 * what it is already linked to).
 */
export function matchDependencies(
  refs: readonly DependencyRef[],
  entities: readonly DependencyEntity[],
  exclude: ReadonlySet<string>,
): DependencyTarget[] {
  const byName = new Map<string, DependencyEntity>();
  for (const e of entities) {
    if (neverTargets.has(e.kind)) continue;
    for (const s of spellings(e.name)) {
      const old = byName.get(s);
      if (old === undefined || kindRank(e.kind) < kindRank(old.kind) || (kindRank(e.kind) === kindRank(old.kind) && e.id < old.id))
        byName.set(s, e);
    }
  }
  const out: DependencyTarget[] = [];
  const seen = new Set<string>();
  for (const r of refs) {
    const n = normaliseDependencyName(r.name);
    const entity = byName.get(n) ?? byName.get(n.replace(/(service|svc|api|server)$/, ''));
    if (entity === undefined || exclude.has(entity.id) || seen.has(entity.id)) continue;
    seen.add(entity.id);
    out.push({ ...r, entity: entity.id });
  }
  return out;
}
