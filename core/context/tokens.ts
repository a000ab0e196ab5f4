import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** Counts tokens the way current OpenAI-family models do (o200k_base BPE). */
export type TokenCounter = (text: string) => number;

export const countTokens: TokenCounter = (text) => countO200k(text);
