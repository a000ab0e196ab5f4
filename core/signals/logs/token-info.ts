import { isCodeLocation, maskToken, WILDCARD } from './mask.js';
import { isVariableToken, isWordToken } from './similarity.js';

/** What the template miner needs to know of one whitespace-free token of a line. */
export interface TokenInfo {
  /** The token as maskToken leaves it. */
  readonly masked: string;
  /** Not only masks or punctuation (see isVariableToken): routing and similarity count it. */
  readonly isInformative: boolean;
  /**
   * Its key in the parse tree: the masked token, or the wildcard for a token with digits
   * that masking missed (probably a variable), unless it is a source location.
   */
  readonly routeKey: string;
  /** A source location (`OrderService.java:214`): it names the statement that printed the line. */
  readonly isLocation: boolean;
  /** A word (isWordToken): two lines that differ in one are two statements (drain.ts). */
  readonly isWord: boolean;
}

const DIGIT = /\d/;

export function tokenInfoOf(token: string): TokenInfo {
  const masked = maskToken(token);
  const isLocation = DIGIT.test(masked) && isCodeLocation(masked);
  return {
    masked,
    isInformative: !isVariableToken(masked),
    routeKey: DIGIT.test(masked) && !isLocation ? WILDCARD : masked,
    isLocation,
    isWord: isWordToken(masked),
  };
}

/** Distinct tokens remembered; a flood of unique tokens (ids masking missed) empties it, never grows it. */
export const TOKEN_CACHE_SIZE = 1 << 16;

/**
 * tokenInfoOf with a memory: the same tokens (methods, paths, status codes, words) come back
 * on most lines, and masking a token runs several regular expressions. A pure function's
 * memo, so the templates do not depend on what is cached.
 */
export class TokenInfoCache {
  private readonly known = new Map<string, TokenInfo>();

  constructor(private readonly maxSize = TOKEN_CACHE_SIZE) {}

  get(token: string): TokenInfo {
    let info = this.known.get(token);
    if (info === undefined) {
      info = tokenInfoOf(token);
      if (this.known.size >= this.maxSize) this.known.clear();
      this.known.set(token, info);
    }
    return info;
  }
}
