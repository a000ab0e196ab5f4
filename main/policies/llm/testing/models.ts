import { ContextPacket, EvidenceItem } from '../../../../core/model/index.js';
import { evaluateHeuristic } from '../../../../core/policy/heuristic/index.js';
import { z } from 'zod';
import type { FakeReply, FakeRequest } from './wire.js';

/** The JSON between `<tag>` and `</tag>` in the request's first user message (the prompt proper). */
export function promptBlock(request: FakeRequest, tag: string): unknown {
  const user = request.body?.messages?.find((m) => m.role === 'user')?.content ?? '';
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(user);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1] ?? '');
  } catch {
    return undefined;
  }
}

const Candidates = z.object({ seeds: z.array(z.string()) });
const DiagnosisView = z.object({
  frontier: z.array(z.string()),
  entities: z.array(z.object({ name: z.string(), contributing_factor: z.boolean() })),
  alerts_explained: z.array(z.object({ alert: z.string(), explanation: z.string() })),
});

/**
 * Answers like a competent model: the explore phase runs the heuristic policy on the packet it
 * was shown, the map step notes every item of its chunk, bootstrap keeps the controller's
 * choice, and finalize restates the diagnosis.
 */
export function goodModel(request: FakeRequest): FakeReply {
  const packet = ContextPacket.safeParse(promptBlock(request, 'packet'));
  if (packet.success) return { content: JSON.stringify(evaluateHeuristic(packet.data)) };
  const chunk = z.array(EvidenceItem).safeParse(promptBlock(request, 'chunk'));
  if (chunk.success)
    return { content: JSON.stringify({ notes: chunk.data.slice(0, 6).map((e) => ({ text: e.summary, evidence: [e.id] })) }) };
  const candidates = Candidates.safeParse(promptBlock(request, 'candidates'));
  if (candidates.success)
    return { content: JSON.stringify({ window: 0, seeds: candidates.data.seeds, reasoning: 'the controller order is sound' }) };
  const diagnosis = DiagnosisView.safeParse(promptBlock(request, 'diagnosis'));
  if (diagnosis.success) {
    const entities = diagnosis.data.entities.map((e) => ({
      name: e.name,
      reasoning: `${e.name} ${e.contributing_factor ? 'is a root cause' : 'was affected'} according to its cited evidence.`,
    }));
    const alerts = diagnosis.data.alerts_explained.map((a) => ({ alert: a.alert, explanation: `In short: ${a.explanation}.` }));
    return { content: JSON.stringify({ entities, alerts }) };
  }
  return { status: 400, message: 'the fake good model does not recognise this prompt' };
}

const garbage = [
  'I think the database is probably the problem, but I am not sure.',
  '{"label": "Origin", "confidence": 7, "evidence": "all of it"}',
  '```json\n{"label": "Maybe", "summary": 42}\n```',
  '{"label": "Origin", "evidence": [',
];

/** Never answers usefully: prose, out-of-range values, wrong types, unterminated JSON. */
export function garbageModel(_request: FakeRequest, index: number): FakeReply {
  return { content: garbage[index % garbage.length] ?? '' };
}
