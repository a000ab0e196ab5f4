import { z } from 'zod';

/** How an error crosses the wire: only a name and a message, never a stack (VS Code). */
export const WireError = z.object({ name: z.string(), message: z.string() });
export type WireError = z.infer<typeof WireError>;

/** Outcome of one call, as sent by every transport (Electron IPC, WebSocket). */
export const WireResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: WireError }),
]);
export type WireResult = z.infer<typeof WireResult>;

/** A channel is declared in the contract but this build has no engine behind it yet. */
export class NotAvailableError extends Error {
  override name = 'NotAvailableError';
  constructor(channel: string) {
    super(`${channel} is not available in this build: the investigation engine is not wired in yet.`);
  }
}

export class UnknownChannelError extends Error {
  override name = 'UnknownChannelError';
  constructor(channel: string) {
    super(`"${channel}" is not a channel of the IPC contract; check the channel name.`);
  }
}

export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  constructor(where: string, detail: string) {
    super(`Invalid input for ${where}: ${detail}`);
  }
}

/** The other side answered with invalid data: a version mismatch or a bug, not user error. */
export class InvalidOutputError extends Error {
  override name = 'InvalidOutputError';
  constructor(where: string, detail: string) {
    super(`Invalid reply from ${where}: ${detail}. Restart the workbench; if it persists, report a bug.`);
  }
}

/** An error raised on the other side of the wire; keeps the remote error's name. */
export class RemoteError extends Error {
  constructor(wire: WireError) {
    super(wire.message);
    this.name = wire.name;
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
