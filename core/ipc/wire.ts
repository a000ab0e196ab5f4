import { z } from 'zod';
import { WireResult } from './errors.js';

/** Frames of the WebSocket transport between the web host and the renderer. */
export const RequestFrame = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(200),
  input: z.unknown(),
});
export type RequestFrame = z.infer<typeof RequestFrame>;

export const ResponseFrame = z.object({
  type: z.literal('response'),
  id: z.number().int().nonnegative(),
  result: WireResult,
});
export type ResponseFrame = z.infer<typeof ResponseFrame>;

export const EventFrame = z.object({
  type: z.literal('event'),
  event: z.string(),
  payload: z.unknown(),
});
export type EventFrame = z.infer<typeof EventFrame>;

export const ServerFrame = z.discriminatedUnion('type', [ResponseFrame, EventFrame]);
export type ServerFrame = z.infer<typeof ServerFrame>;
