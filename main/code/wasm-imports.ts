/**
 * Renames functions a prebuilt grammar imports from the C library, for grammars built against
 * a symbol the tree-sitter runtime does not export (tree-sitter-wasms' Bash scanner calls
 * `isalpha`; the runtime exports `iswalpha`, which answers the same for the ASCII characters
 * a scanner tests). Only the import section is rewritten; the code is untouched.
 */

function readLeb(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let i = at;
  for (;;) {
    const b = bytes[i++] as number;
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: i };
  }
}

function leb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let b = v & 0x7f;
    v = Math.floor(v / 128);
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}

export class WasmFormatError extends Error {
  override name = 'WasmFormatError';
}

/** The module with each imported name of `renames` replaced; the same bytes when none is imported. */
export function renameWasmImports(bytes: Uint8Array, renames: Readonly<Record<string, string>>): Uint8Array {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
    throw new WasmFormatError('not a WebAssembly module');
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at] as number;
    const size = readLeb(bytes, at + 1);
    const start = size.next;
    const end = start + size.value;
    if (id !== 2) {
      at = end;
      continue;
    }
    // The import section: a count, then (module name, field name, kind, description) entries.
    const out: number[] = [];
    const count = readLeb(bytes, start);
    out.push(...leb(count.value));
    let p = count.next;
    let changed = false;
    for (let i = 0; i < count.value; i++) {
      for (let part = 0; part < 2; part++) {
        const len = readLeb(bytes, p);
        const name = decoder.decode(bytes.subarray(len.next, len.next + len.value));
        const renamed = part === 1 ? renames[name] : undefined;
        const text = encoder.encode(renamed ?? name);
        if (renamed !== undefined) changed = true;
        out.push(...leb(text.length), ...text);
        p = len.next + len.value;
      }
      const kind = bytes[p] as number;
      const descStart = p + 1;
      p = skipImportDescription(bytes, kind, descStart);
      out.push(kind, ...bytes.subarray(descStart, p));
    }
    if (!changed) return bytes;
    const section = [2, ...leb(out.length), ...out];
    const result = new Uint8Array(at + section.length + (bytes.length - end));
    result.set(bytes.subarray(0, at), 0);
    result.set(section, at);
    result.set(bytes.subarray(end), at + section.length);
    return result;
  }
  return bytes;
}

/** The offset after one import's description: a function's type index, a table, a memory or a global. */
function skipImportDescription(bytes: Uint8Array, kind: number, at: number): number {
  switch (kind) {
    case 0:
      return readLeb(bytes, at).next;
    case 1: {
      const limits = bytes[at + 1] as number;
      const min = readLeb(bytes, at + 2);
      return limits & 1 ? readLeb(bytes, min.next).next : min.next;
    }
    case 2: {
      const limits = bytes[at] as number;
      const min = readLeb(bytes, at + 1);
      return limits & 1 ? readLeb(bytes, min.next).next : min.next;
    }
    case 3:
      return at + 2;
    default:
      throw new WasmFormatError(`unknown import kind ${kind}`);
  }
}
