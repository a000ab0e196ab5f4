export type PyValue = null | boolean | number | string | PyValue[] | { [key: string]: PyValue };

export class PythonLiteralError extends Error {
  override name = 'PythonLiteralError';
  constructor(
    readonly position: number,
    detail: string,
  ) {
    super(`not a Python literal at character ${position + 1}: ${detail}`);
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};
const MAX_DEPTH = 64;

/**
 * Parses a Python literal (dicts, lists, tuples, quoted strings, numbers, True/False/None),
 * as ITBench writes map-valued columns with `str(dict)`. It never evaluates anything: the
 * text is hostile input, and anything outside the literal grammar is an error.
 */
export function parsePythonLiteral(text: string): PyValue {
  const parser = new Parser(text);
  const value = parser.value(0);
  parser.skipSpace();
  if (!parser.atEnd()) parser.fail('unexpected text after the value');
  return value;
}

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  fail(detail: string): never {
    throw new PythonLiteralError(this.pos, detail);
  }

  skipSpace(): void {
    while (/\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  value(depth: number): PyValue {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.dict(depth);
    if (c === '[') return this.sequence(']', depth);
    if (c === '(') return this.sequence(')', depth);
    if (c === "'" || c === '"') return this.string();
    if ((c === 'u' || c === 'U') && (this.text[this.pos + 1] === "'" || this.text[this.pos + 1] === '"')) {
      this.pos++;
      return this.string();
    }
    for (const [word, value] of [
      ['True', true],
      ['False', false],
      ['None', null],
    ] as const) {
      if (this.text.startsWith(word, this.pos) && !/\w/.test(this.text[this.pos + word.length] ?? '')) {
        this.pos += word.length;
        return value;
      }
    }
    return this.number();
  }

  private dict(depth: number): { [key: string]: PyValue } {
    this.pos++;
    const result: { [key: string]: PyValue } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return result;
      }
      const key = this.value(depth + 1);
      if (key !== null && typeof key === 'object') this.fail('a dict key must be a string, number, bool or None');
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail('expected ":" after a dict key');
      this.pos++;
      Object.defineProperty(result, String(key), { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
      if (!this.separator('}')) this.fail('expected "," or "}" in a dict');
    }
  }

  private sequence(close: ']' | ')', depth: number): PyValue[] {
    this.pos++;
    const result: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === close) {
        this.pos++;
        return result;
      }
      result.push(this.value(depth + 1));
      if (!this.separator(close)) this.fail(`expected "," or "${close}"`);
    }
  }

  /** Consumes a "," (true) or peeks at the closing bracket (true, left for the caller); false otherwise. */
  private separator(close: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] === ',') {
      this.pos++;
      return true;
    }
    return this.text[this.pos] === close;
  }

  private string(): string {
    const quote = this.text[this.pos];
    this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail('unterminated string');
      this.pos++;
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.pos];
      if (e === undefined) this.fail('unterminated escape');
      this.pos++;
      if (e === 'x' || e === 'u' || e === 'U') {
        const length = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.text.slice(this.pos, this.pos + length);
        if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) this.fail(`bad \\${e} escape`);
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) this.fail('code point out of range');
        out += String.fromCodePoint(code);
        this.pos += length;
      } else if (e === '\n') {
        continue;
      } else {
        out += ESCAPES[e] ?? `\\${e}`;
      }
    }
  }

  private number(): number {
    const m = /^[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.pos));
    if (!m) this.fail('expected a value');
    this.pos += m[0].length;
    const value = Number(m[0].replace(/_/g, ''));
    if (!Number.isFinite(value)) this.fail('number out of range');
    return value;
  }
}
