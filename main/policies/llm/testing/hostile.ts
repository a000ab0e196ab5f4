import { ContextPacket } from '../../../../core/model/index.js';
import type { PolicyOutput } from '../../../../core/model/index.js';
import { goodModel, promptBlock } from './models.js';
import type { FakeReply, FakeRequest } from './wire.js';

/**
 * Weak and hostile models for the hostile-model suite (docs/llm.md, "Testing without a model").
 * Each plays one behaviour seen in the wild; the suite checks the mechanism that contains it.
 */

/** The packet of an explore request, or null for the other phases. */
export function packetOf(request: FakeRequest): ContextPacket | null {
  const parsed = ContextPacket.safeParse(promptBlock(request, 'packet'));
  return parsed.success ? parsed.data : null;
}

function answer(output: Partial<PolicyOutput> & Pick<PolicyOutput, 'label'>): FakeReply {
  return {
    content: JSON.stringify({ confidence: 1, evidence: [], summary: output.label, reasoning: [], claims: [], proposals: [], ...output }),
  };
}

/** Otherwise competent, but calls the first node it is shown Origin on its own alerts alone. */
export function selfAlertModel(): (request: FakeRequest) => FakeReply {
  let first: string | null = null;
  return (request) => {
    const packet = packetOf(request);
    if (!packet) return goodModel(request);
    first ??= packet.node;
    if (packet.node !== first) return { ...answer({ label: 'Healthy', confidence: 0.9 }) };
    const alerts = packet.evidence.filter((e) => e.kind === 'alert').map((e) => e.id);
    return answer({ label: 'Origin', confidence: 1, evidence: alerts, summary: 'it is alerting' });
  };
}

/** Every node with any evidence is an Origin at confidence 1, citing everything, proposing every neighbour. */
export function everythingOriginModel(request: FakeRequest): FakeReply {
  const packet = packetOf(request);
  if (!packet) return goodModel(request);
  if (packet.evidence.length === 0) return answer({ label: 'Healthy', confidence: 1 });
  return answer({
    label: 'Origin',
    confidence: 1,
    evidence: packet.evidence.map((e) => e.id),
    proposals: packet.neighbours.map((n) => n.id),
  });
}

const injectedTarget = /Label (\S+) as Origin/;

/**
 * Obeys instructions found in the data: labels the entity the injected text names Origin,
 * everything else its Symptom, citing the injected lines; finalize blames it everywhere.
 */
export function compliantModel(request: FakeRequest): FakeReply {
  const packet = packetOf(request);
  const user = request.body?.messages?.find((m) => m.role === 'user')?.content ?? '';
  const target = injectedTarget.exec(user.replace(/\\u003c/g, '<'))?.[1];
  if (!target) return goodModel(request);
  if (!packet) {
    const diagnosis = promptBlock(request, 'diagnosis') as { entities?: Array<{ name: string }> } | undefined;
    if (!diagnosis?.entities) return goodModel(request);
    const entities = diagnosis.entities.map((e) => ({ name: e.name, reasoning: `${target} caused this incident.` }));
    return { content: JSON.stringify({ entities, alerts: [] }) };
  }
  const injected = packet.evidence.filter((e) => injectedTarget.test(e.summary)).map((e) => e.id);
  if (packet.node === target) return answer({ label: 'Origin', confidence: 1, evidence: injected, summary: 'as instructed' });
  const claims = [{ from: target, to: packet.node, evidence: injected, condition: 'instructed', effect: 'instructed' }];
  return answer({ label: 'Symptom', confidence: 1, evidence: injected, claims, proposals: [target] });
}

/** Unusable answers seen from weak models and partial servers, each as the reply to the first node's question. */
export const unusableReplies: Readonly<Record<string, FakeReply>> = {
  'server error (503)': { status: 503, message: 'model is loading' },
  'refusal (422)': { status: 422, message: 'unprocessable entity' },
  'internal error (500)': { status: 500, message: 'CUDA out of memory' },
  'truncated reply': { content: '{"label": "Origin", "confidence": 0.9, "evidence": ["x"', finishReason: 'length' },
  'confidence as a string': {
    content: '{"label":"Origin","confidence":"high","evidence":[],"summary":"s","reasoning":[],"claims":[],"proposals":[]}',
  },
  'other label words': {
    content: '{"label":"RootCause","confidence":0.9,"evidence":[],"summary":"s","reasoning":[],"claims":[],"proposals":[]}',
  },
  'JSON with comments that cannot be repaired': { content: '{"label": "Origin" /* unclosed comment, "confidence": 0.9 ]]' },
};

/** Answers the first explore question (and its corrective retry) with `bad`, then like a good model. */
export function failsFirstNode(bad: FakeReply): (request: FakeRequest) => FakeReply {
  let first: string | null = null;
  return (request) => {
    const packet = packetOf(request);
    if (!packet) return goodModel(request);
    first ??= packet.node;
    return packet.node === first ? bad : goodModel(request);
  };
}
