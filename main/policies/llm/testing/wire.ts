import type http from 'node:http';

/** One chat request as the fake received it. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body; null when it was not JSON. */
  body: FakeChatBody | null;
}

export interface FakeChatBody {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
}

/** What to answer: a chat completion (`content`) or an HTTP error (`status` ≥ 400). */
export interface FakeReply {
  status?: number;
  content?: string;
  finishReason?: string;
  /** Omit usage from the body, as some local servers do. */
  hasUsage?: boolean;
  /** Error message for status ≥ 400. */
  message?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (to trigger client timeouts). */
  delayMs?: number;
  /** Send this raw text as the body instead of a completion (unreadable responses). */
  rawBody?: string;
}
