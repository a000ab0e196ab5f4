import { requirePositiveInteger, SignalOptionError } from '../errors.js';
import { defaultMaxLineLength, defaultMaxTokens, splitLine, WILDCARD } from './mask.js';
import { generalise, similarityOf, wordConflict } from './similarity.js';
import { TokenInfoCache } from './token-info.js';

export interface TemplateMinerOptions {
  /** Depth of the parse tree counting root and leaf, as in Drain: depth 4 routes on 2 tokens. */
  treeDepth?: number;
  /**
   * Fraction of informative tokens two lines must share to join one template, (0, 1].
   * 0.6 by default: on TrainTicket logs, whose headers repeat four informative tokens
   * (level, class, `TraceID:`, `SpanID:`), 0.4 and 0.5 merged unrelated statements.
   */
  similarityThreshold?: number;
  /** Children per internal node before new tokens are routed to the wildcard child. */
  maxChildren?: number;
  /** Templates kept; unmatched lines beyond this go to the overflow template. */
  maxTemplates?: number;
  /**
   * Templates per leaf of the tree. Every line is compared with each template of its leaf,
   * so this bounds the work per line when hostile input floods one leaf.
   */
  maxTemplatesPerLeaf?: number;
  maxLineLength?: number;
  maxTokens?: number;
}

export interface LogTemplate {
  /** `T1`, `T2`… in order of first appearance; `T0` is the overflow template. */
  id: string;
  template: string;
  tokenCount: number;
  /** Lines assigned to this template so far. */
  count: number;
}

/** What the log comparison needs from a miner: the current text of a template. */
export interface TemplateLookup {
  templateText(id: string): string | undefined;
}

/** Receives lines that did not fit once `maxTemplates` templates exist. */
export const OVERFLOW_TEMPLATE_ID = 'T0';
const OVERFLOW_TEXT = '<overflow: template limit reached>';

interface Cluster {
  readonly id: string;
  readonly tokens: string[];
  /**
   * Positions a word may take: a word constant, or a wildcard that has absorbed words (once
   * the family is full). A wildcard of values (numbers, ids, paths) never takes a word.
   */
  readonly words: boolean[];
  /** The template this one split from on a word (itself for the first): siblings share it. */
  readonly family: { size: number };
  count: number;
}

interface TreeNode {
  readonly children: Map<string, TreeNode>;
  readonly clusters: Cluster[];
}

const newNode = (): TreeNode => ({ children: new Map(), clusters: [] });

/**
 * Sibling statements a template may split into on a word (`… started` / `… complete`,
 * `Get…` / `Empty…`). A slot that takes more distinct words than this is a parameter whose
 * values are words (names, keys, categories), and Drain's generalisation applies to it.
 */
export const WORD_VARIANTS = 8;

/**
 * Drain (He et al., ICWS 2017): a fixed-depth parse tree routes a masked line by its
 * token count and first informative tokens to a leaf; within the leaf the most similar
 * template absorbs the line (differing positions become `<*>`) if the similarity over
 * informative tokens reaches the threshold, otherwise the line starts a new template. Ids never change once assigned,
 * even as a template generalises, so evidence ids derived from them are stable.
 */
export class TemplateMiner implements TemplateLookup {
  private readonly prefixDepth: number;
  private readonly threshold: number;
  private readonly maxChildren: number;
  private readonly maxTemplates: number;
  private readonly maxPerLeaf: number;
  private readonly tokenize: { maxLineLength: number; maxTokens: number };
  private readonly root = newNode();
  private readonly clusters: Cluster[] = [];
  private readonly overflow: Cluster = { id: OVERFLOW_TEMPLATE_ID, tokens: [OVERFLOW_TEXT], words: [false], family: { size: 1 }, count: 0 };
  private readonly tokenInfo = new TokenInfoCache();

  constructor(options: TemplateMinerOptions = {}) {
    const depth = options.treeDepth ?? 4;
    if (!Number.isInteger(depth) || depth < 3) throw new SignalOptionError('treeDepth', depth, 'an integer >= 3');
    this.prefixDepth = depth - 2;
    this.threshold = options.similarityThreshold ?? 0.6;
    if (!(this.threshold > 0 && this.threshold <= 1)) {
      throw new SignalOptionError('similarityThreshold', this.threshold, 'a number in (0, 1]');
    }
    this.maxChildren = requirePositiveInteger('maxChildren', options.maxChildren ?? 100);
    this.maxTemplates = requirePositiveInteger('maxTemplates', options.maxTemplates ?? 20_000);
    this.maxPerLeaf = requirePositiveInteger('maxTemplatesPerLeaf', options.maxTemplatesPerLeaf ?? 256);
    this.tokenize = {
      maxLineLength: requirePositiveInteger('maxLineLength', options.maxLineLength ?? defaultMaxLineLength),
      maxTokens: requirePositiveInteger('maxTokens', options.maxTokens ?? defaultMaxTokens),
    };
    if (this.tokenize.maxTokens < 2) throw new SignalOptionError('maxTokens', this.tokenize.maxTokens, 'at least 2');
  }

  /** Assigns a line to a template and returns the template id. */
  add(line: string): string {
    const raw = splitLine(line, this.tokenize);
    const tokens = new Array<string>(raw.length);
    const informative = new Array<boolean>(raw.length);
    const routeKeys = new Array<string>(raw.length);
    const words = new Array<boolean>(raw.length);
    let hasLocation = false;
    for (let i = 0; i < raw.length; i++) {
      const info = this.tokenInfo.get(raw[i] ?? '');
      tokens[i] = info.masked;
      informative[i] = info.isInformative;
      routeKeys[i] = info.routeKey;
      words[i] = info.isWord;
      hasLocation ||= info.isLocation;
    }
    const leaf = this.route(routeKeys, informative);
    // A line that names its source location names its statement: the words that differ
    // between two lines of one location are values (station names, train types).
    if (hasLocation) words.fill(false);
    const { match, wordSibling } = this.bestMatch(leaf.clusters, tokens, informative, words);
    // A line that differs from its nearest template only in a word is a sibling statement,
    // while the family has room; past it the word is a parameter and Drain merges as usual.
    // Siblings never crowd a leaf towards its cap: in the upper half of it, Drain merges too.
    const isFull = (c: Cluster): boolean => c.family.size >= WORD_VARIANTS || leaf.clusters.length * 2 >= this.maxPerLeaf;
    const joined = match ?? (wordSibling !== null && isFull(wordSibling) ? wordSibling : null);
    if (joined) {
      for (let i = 0; i < joined.tokens.length; i++) {
        if (joined.tokens[i] !== tokens[i] && words[i]) joined.words[i] = true;
      }
      generalise(joined.tokens, tokens);
      joined.count += 1;
      return joined.id;
    }
    if (this.clusters.length >= this.maxTemplates || leaf.clusters.length >= this.maxPerLeaf) {
      this.overflow.count += 1;
      return OVERFLOW_TEMPLATE_ID;
    }
    const family = wordSibling?.family ?? { size: 0 };
    family.size += 1;
    const cluster: Cluster = { id: `T${this.clusters.length + 1}`, tokens: [...tokens], words, family, count: 1 };
    this.clusters.push(cluster);
    leaf.clusters.push(cluster);
    return cluster.id;
  }

  /** All templates in id order (the overflow template last, only if used). */
  templates(): LogTemplate[] {
    const all = this.overflow.count > 0 ? [...this.clusters, this.overflow] : this.clusters;
    return all.map((c) => ({ id: c.id, template: c.tokens.join(' '), tokenCount: c.tokens.length, count: c.count }));
  }

  templateText(id: string): string | undefined {
    if (id === OVERFLOW_TEMPLATE_ID) return OVERFLOW_TEXT;
    const index = /^T[1-9]\d*$/.test(id) ? Number(id.slice(1)) - 1 : -1;
    return this.clusters[index]?.tokens.join(' ');
  }

  get size(): number {
    return this.clusters.length;
  }

  /**
   * Token count, then the first informative tokens (not the first tokens as in Drain:
   * headers like `<TS> INFO` would send every line of a service to one leaf).
   */
  private route(routeKeys: readonly string[], informative: readonly boolean[]): TreeNode {
    let node = child(this.root, String(routeKeys.length));
    let depth = 0;
    for (let i = 0; i < routeKeys.length && depth < this.prefixDepth; i++) {
      if (!informative[i]) continue;
      depth += 1;
      // Tokens with digits are probably variables that masking missed; Drain routes them
      // through the wildcard so they cannot split otherwise identical lines.
      // A source location routes as a constant: two statements never share a leaf (token-info.ts).
      const key = routeKeys[i] ?? WILDCARD;
      const existing = node.children.get(key);
      if (existing) node = existing;
      else if (key !== WILDCARD && node.children.size + 1 < this.maxChildren) node = child(node, key);
      else node = child(node, WILDCARD);
    }
    return node;
  }

  /**
   * The most similar template reaching the threshold that the line's words agree with
   * (`match`), and, when there is none, the most similar one it differs from only in words
   * (`wordSibling`): Drain's match, which would have taken the line.
   */
  private bestMatch(
    candidates: readonly Cluster[],
    tokens: readonly string[],
    informative: readonly boolean[],
    words: readonly boolean[],
  ): { match: Cluster | null; wordSibling: Cluster | null } {
    let match: Cluster | null = null;
    let wordSibling: Cluster | null = null;
    let best = { similarity: -1, params: -1 };
    let bestSibling = { similarity: -1, params: -1 };
    for (const cluster of candidates) {
      const r = similarityOf(cluster.tokens, tokens, informative, this.threshold);
      if (r === null) continue;
      const isSibling = wordConflict(cluster.tokens, cluster.words, tokens, words);
      // Ties keep the older template (deterministic), unless the newer one is more general.
      const current = isSibling ? bestSibling : best;
      if (r.similarity > current.similarity || (r.similarity === current.similarity && r.params > current.params)) {
        if (isSibling) {
          wordSibling = cluster;
          bestSibling = r;
        } else {
          match = cluster;
          best = r;
        }
      }
    }
    return { match, wordSibling: match === null ? wordSibling : null };
  }
}

function child(node: TreeNode, key: string): TreeNode {
  let next = node.children.get(key);
  if (!next) {
    next = newNode();
    node.children.set(key, next);
  }
  return next;
}
