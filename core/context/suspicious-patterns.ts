/**
 * The English patterns and the prompt markup of `suspicious.ts`, matched against the Latin form
 * of a text (`suspicious-text.ts`). Patterns describe the shape of a prompt injection, never a
 * system, service or dataset.
 */

export const REASON = {
  ignore: 'addresses a model with instructions',
  label: 'tells how to label or rank an entity',
  role: 'speaks as the system or the assistant',
  markup: 'carries prompt markup',
  invisible: 'holds invisible characters',
} as const;

export type Shape = 'ignore' | 'label' | 'role';

export const english: Readonly<Record<Shape, RegExp>> = {
  ignore:
    /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|your|the)\b[^.\n]{0,20}\b(instructions?|prompts?|rules?|context|messages?)\b/i,
  label: /\b(label|mark|classify|rank|report|treat|name)\b[^.\n]{0,80}\bas\b[^.\n]{0,20}\b(origin|root[ -]?cause|symptom)\b/i,
  role: /\b(you are (now )?(an?|the) (ai|assistant|model|language model|incident)|as an ai\b|system[ -]?prompt|new instructions?\b)|(^|\n)\s*(system|assistant|human)\s*:\s/i,
};

/**
 * Role and delimiter tags of the packet and of chat templates: ChatML and Phi (`<|im_start|>`,
 * `<|user|>`), Llama 3 (`<|begin_of_text|>`, `<|start_header_id|>`), DeepSeek (`<｜begin▁of▁sentence｜>`,
 * fullwidth bars folded by NFKC), Gemma (`<start_of_turn>`), Llama 2 and Mistral (`[INST]`,
 * `<<SYS>>`, `[SYSTEM_PROMPT]`), Alpaca headers (`### Instruction:`) — and HTML or Markdown
 * comments that speak to a model.
 */
export const markup =
  /<\/?\s*(system|user|assistant|packet|notes|chunk|candidates|diagnosis|instructions?|prompt|tool|tool_call|tool_response|think|im_start|im_end|start_of_turn|end_of_turn)\b[^>]{0,40}>|<\|[a-z_\u2581]{2,24}\|>|\[\/?(INST|SYSTEM_PROMPT|AVAILABLE_TOOLS|TOOL_CALLS|TOOL_RESULTS)\]|<<\/?SYS>>|(^|\n)\s*#{2,4}\s*(instructions?|response|system|human|assistant)\s*:|(<!--|\[(\/\/|comment)\]:\s*[#<])[^>]{0,300}?\b(ai|llm|assistant|gpt|chatgpt|claude|gemini|copilot|chatbot|language model|instructions?|prompt)\b/i;

/**
 * A sentence spaced out with single spaces loses its word breaks when joined
 * ("i g n o r e a l l …" → "ignoreall…"): these read the joined letters without them.
 */
export const glued: Readonly<Record<Shape, RegExp>> = {
  ignore:
    /(ignore|disregard|forget|override)(all|any|the|your|my|of|previous|prior|above|earlier|preceding){1,4}(instructions?|prompts?|rules|context|messages?)/i,
  label: /(label|mark|classify|rank|treat)[a-z]{0,40}as(the|an?)?(origin|rootcause|symptom)/i,
  role: /youare(now)?(an?|the)(ai|assistant|model|languagemodel)|systemprompt|newinstructions?/i,
};
