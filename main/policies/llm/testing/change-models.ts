import type { ContextPacket, PolicyOutput } from '../../../../core/model/index.js';
import { evaluateHeuristic } from '../../../../core/policy/heuristic/index.js';
import { packetOf } from './hostile.js';
import { goodModel } from './models.js';
import type { FakeReply, FakeRequest } from './wire.js';

/**
 * Scripted models for change-driven incidents (issue 32; docs/llm.md, "Testing without a
 * model"). Each names one entity Origin citing what `cite` picks from its packet; every other
 * node is judged as the heuristic judges it, but terser: no other Origin (Symptom instead) and
 * no claims, so nothing wakes the named entity again once it has answered.
 */
export function changeModel(origin: string, cite: (packet: ContextPacket) => string[]): (request: FakeRequest) => FakeReply {
  return (request) => {
    const packet = packetOf(request);
    if (!packet) return goodModel(request);
    if (packet.node === origin) {
      const evidence = cite(packet);
      const output: PolicyOutput = {
        label: 'Origin',
        confidence: 0.9,
        evidence,
        summary: `the change ${evidence.join(', ')} caused the incident`,
        reasoning: [],
        claims: [],
        proposals: [],
      };
      return { content: JSON.stringify(output) };
    }
    const judged = evaluateHeuristic(packet);
    const label = judged.label === 'Origin' ? 'Symptom' : judged.label;
    return { content: JSON.stringify({ ...judged, label, claims: [] }) };
  };
}

/** The change records of the packet on its own node made before (`before`) or after the onset. */
export function ownChanges(packet: ContextPacket, when: 'before' | 'after'): string[] {
  const onset = packet.incidentTime ?? packet.window.end;
  return packet.evidence
    .filter((e) => e.kind === 'change' && e.entity === packet.node && (when === 'before' ? e.time <= onset : e.time > onset))
    .map((e) => e.id);
}
