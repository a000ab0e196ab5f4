import { createHash } from 'node:crypto';
import { makeEntityId, parseEntityId } from '../../../core/model/ids.js';
import { exporterSystemOf, type ScrapedOnly } from './exporters.js';
import { safeName } from './entity-map.js';
import type { CaptureRecords } from './records.js';

type Span = CaptureRecords['spans'][number];
type Attrs = Record<string, unknown>;

/**
 * The OpenTelemetry semantic conventions' names for what a client span calls, newest first:
 * `db.system.name` (semconv 1.26+) and `db.system` before it, `messaging.system` for queues.
 */
const SYSTEM_KEYS = ['db.system.name', 'db.system', 'messaging.system'] as const;
const HOST_KEYS = ['server.address', 'net.peer.name', 'network.peer.address', 'net.sock.peer.addr'] as const;
const PORT_KEYS = ['server.port', 'net.peer.port', 'network.peer.port', 'net.sock.peer.port'] as const;
/** Marks the server side the converter drew for a peer that exports no spans of its own. */
export const PEER_SPAN_ATTR = 'eog.peer.derived';

interface PeerCall {
  span: Span;
  system: string | null;
  host: string | null;
  port: string | null;
  /** `peer.service`: the name the instrumentation was told the peer has. */
  named: string | null;
}

function text(attrs: Attrs, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = attrs[k];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  }
  return null;
}

function hostFromUrl(attrs: Attrs): { host: string | null; port: string | null } {
  const url = text(attrs, ['url.full', 'http.url']);
  if (url === null) return { host: null, port: null };
  try {
    const u = new URL(url);
    return { host: u.hostname || null, port: u.port || null };
  } catch {
    return { host: null, port: null };
  }
}

function peerCallOf(span: Span): PeerCall {
  const attrs = (span.attrs ?? {}) as Attrs;
  const host = text(attrs, HOST_KEYS);
  const port = text(attrs, PORT_KEYS);
  // The URL is parsed only when the attributes name no host and port (older HTTP instrumentations).
  const fromUrl = host === null || port === null ? hostFromUrl(attrs) : { host: null, port: null };
  return {
    span,
    system: text(attrs, SYSTEM_KEYS)?.toLowerCase() ?? null,
    host: host ?? fromUrl.host,
    port: port ?? fromUrl.port,
    named: text(attrs, ['peer.service']),
  };
}

const addressOf = (c: { host: string | null; port: string | null }): string | null =>
  c.host === null ? null : c.port === null ? c.host : `${c.host}:${c.port}`;

/**
 * Peers reached only through client spans (issue #47): a database, cache, queue or outside
 * host exports no spans of its own, so the callers' client spans are all the capture says of
 * it. As an OpenTelemetry backend's service graph does (Jaeger, Tempo, the Collector's
 * servicegraph connector), each such peer becomes an entity, with a server span drawn under
 * every client span that reached it (same trace, same timing and status, marked
 * {@link PEER_SPAN_ATTR}): the call edge, the caller-side latency and the errors are then its
 * evidence through the same road as any service's spans, and alerts on it join the walk.
 *
 * A client span "reached a peer" when no span of another entity is its child. A call to an
 * address some entity answered elsewhere in the capture (a service that stopped answering)
 * is that entity's, not a new peer's. The peer is named, in order: `peer.service`; the
 * scrape job of the exporter of its system (`scraped`, exporters.ts `scrapedOnly`: one job that exports that system,
 * or the one whose series name the peer's port); a Service the host names; the system when
 * only one peer has it; else `system@host:port`.
 */
export function addClientSpanPeers(capture: CaptureRecords, scraped: readonly ScrapedOnly[]): void {
  const byKey = new Map<string, Span>();
  for (const s of capture.spans) byKey.set(`${s.traceId}/${s.spanId}`, s);
  const answered = new Set<string>();
  const answeredBy = new Map<string, Map<string, number>>();
  for (const s of capture.spans) {
    if (!s.parentSpanId) continue;
    const parent = byKey.get(`${s.traceId}/${s.parentSpanId}`);
    if (parent === undefined || parent.entity === s.entity) continue;
    answered.add(`${parent.traceId}/${parent.spanId}`);
    const address = addressOf(peerCallOf(parent));
    if (address === null) continue;
    const votes = answeredBy.get(address) ?? new Map<string, number>();
    votes.set(s.entity, (votes.get(s.entity) ?? 0) + 1);
    answeredBy.set(address, votes);
  }
  const calls: PeerCall[] = [];
  for (const s of capture.spans) {
    if ((s.kind !== 'client' && s.kind !== 'producer') || answered.has(`${s.traceId}/${s.spanId}`)) continue;
    const call = peerCallOf(s);
    const address = addressOf(call);
    if (address !== null && answeredBy.has(address)) continue;
    if (call.system === null && call.named === null && address === null) continue;
    calls.push(call);
  }
  if (calls.length === 0) return;
  const namer = new PeerNamer(capture, calls, scraped);
  for (const call of calls) {
    const peer = namer.entityOf(call);
    capture.spans.push(peerSpan(call.span, peer));
  }
}

/** The server side of a call to a peer that exports no spans: the client span's timing, status and name. */
function peerSpan(client: Span, peer: string): Span {
  const spanId = createHash('sha256').update(`${client.traceId}/${client.spanId}/peer`).digest('hex').slice(0, 16);
  return {
    traceId: client.traceId,
    spanId,
    parentSpanId: client.spanId,
    entity: peer,
    name: client.name,
    start: client.start,
    durationMs: client.durationMs,
    status: client.status,
    ...(client.statusMessage ? { statusMessage: client.statusMessage } : {}),
    kind: 'server',
    attrs: { [PEER_SPAN_ATTR]: true },
  };
}

class PeerNamer {
  private readonly ids = new Map<string, string>();
  private readonly peersOfSystem = new Map<string, Set<string>>();
  constructor(
    private readonly capture: CaptureRecords,
    calls: readonly PeerCall[],
    private readonly exporters: readonly ScrapedOnly[],
  ) {
    for (const c of calls) {
      if (c.system === null) continue;
      const set = this.peersOfSystem.get(c.system) ?? new Set<string>();
      set.add(addressOf(c) ?? '');
      this.peersOfSystem.set(c.system, set);
    }
  }

  entityOf(call: PeerCall): string {
    const address = addressOf(call);
    const key = `${call.named ?? ''}\u0000${call.system ?? ''}\u0000${address ?? ''}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.name(call);
    const { kind, name, namespace } = parseEntityId(id);
    this.capture.topology.addEntity(kind, name, namespace, {
      peer: 'client spans',
      ...(call.system !== null ? { system: call.system } : {}),
      ...(address !== null ? { address } : {}),
    });
    this.ids.set(key, id);
    return id;
  }

  private name(call: PeerCall): string {
    const namespace = parseEntityId(call.span.entity).namespace;
    if (call.named !== null) return makeEntityId('Service', safeName(call.named), namespace);
    if (call.system !== null) {
      const exporter = this.exporterOf(call.system, call.port);
      if (exporter !== null) return exporter;
    }
    if (call.host !== null) {
      const label = call.host.split('.')[0] ?? call.host;
      for (const candidate of [makeEntityId('Service', safeName(label), namespace), makeEntityId('Service', safeName(call.host))])
        if (this.capture.topology.has(candidate)) return candidate;
    }
    const system = call.system ?? 'external';
    const alone = call.system !== null && (this.peersOfSystem.get(call.system)?.size ?? 0) <= 1;
    const name = alone ? system : `${system}@${addressOf(call) ?? 'unknown'}`;
    return makeEntityId('Service', safeName(name), namespace);
  }

  /** The scrape job exporting `system`: the only one, or the one whose series name the peer's port. */
  private exporterOf(system: string, port: string | null): string | null {
    const jobs = this.exporters.filter((e) => exporterSystemOf(e.families) === system);
    if (jobs.length === 1 && (this.peersOfSystem.get(system)?.size ?? 0) <= 1) return jobs[0]!.entity;
    if (port === null) return null;
    const byPort = jobs.filter((e) => e.labelValues.some((v) => new RegExp(`:${port}(?![0-9])`).test(v)));
    return byPort.length === 1 ? byPort[0]!.entity : null;
  }
}
