/**
 * The web-platform APIs that Node and browsers both provide, and the only globals beyond
 * ES2023 that core/ may use (tsconfig.core.json compiles core/ against this file alone; the
 * main tsconfig.json excludes it and gets the full DOM and Node types instead).
 */
interface AbortSignal {
  readonly aborted: boolean;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare const performance: { now(): number };
