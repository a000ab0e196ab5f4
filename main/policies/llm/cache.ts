import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../db/open.js';
import type { ChatMessage, ChatReply } from './transport.js';

const migrations = [
  `CREATE TABLE responses (
     key TEXT PRIMARY KEY,
     model TEXT NOT NULL,
     prompt TEXT NOT NULL,
     prompt_hash TEXT NOT NULL,
     content TEXT NOT NULL,
     finish_reason TEXT,
     tokens_in INTEGER NOT NULL,
     tokens_out INTEGER NOT NULL
   ) STRICT;`,
];

export interface CacheKeyInput {
  model: string;
  /** `<id>.v<version>` of the template the request was rendered from. */
  prompt: string;
  promptHash: string;
  schemaName: string;
  temperature: number;
  maxTokens: number;
  messages: readonly ChatMessage[];
  /** The request's seed, for the runs of a vote; absent otherwise (the key is then what it always was). */
  seed?: number;
}

/**
 * Keyed by model and prompt (template hash and the exact messages). The response mode is left
 * out on purpose: a replay that starts again in json_schema mode must still hit the answers a
 * downgraded run stored.
 */
export function cacheKey(input: CacheKeyInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        input.model,
        input.prompt,
        input.promptHash,
        input.schemaName,
        input.temperature,
        input.maxTokens,
        input.messages,
        ...(input.seed === undefined ? [] : [input.seed]),
      ]),
    )
    .digest('hex');
}

export interface ResponseCache {
  get(key: string): ChatReply | null;
  put(key: string, input: CacheKeyInput, reply: ChatReply): void;
  close(): void;
}

interface Row {
  content: string;
  finish_reason: string | null;
  tokens_in: number;
  tokens_out: number;
}

/** Replies as the endpoint sent them, so a re-run or replay is identical and costs nothing. */
export function openResponseCache(file: string): ResponseCache {
  mkdirSync(path.dirname(file), { recursive: true });
  const db: Db = openDatabase(file, migrations);
  const select = db.prepare<[string], Row>('SELECT content, finish_reason, tokens_in, tokens_out FROM responses WHERE key = ?');
  const upsert = db.prepare(
    `INSERT INTO responses (key, model, prompt, prompt_hash, content, finish_reason, tokens_in, tokens_out)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET content = excluded.content, finish_reason = excluded.finish_reason,
       tokens_in = excluded.tokens_in, tokens_out = excluded.tokens_out`,
  );
  return {
    get(key) {
      const row = select.get(key);
      return row ? { content: row.content, finishReason: row.finish_reason, tokensIn: row.tokens_in, tokensOut: row.tokens_out } : null;
    },
    put(key, input, reply) {
      upsert.run(key, input.model, input.prompt, input.promptHash, reply.content, reply.finishReason, reply.tokensIn, reply.tokensOut);
    },
    close() {
      db.close();
    },
  };
}
