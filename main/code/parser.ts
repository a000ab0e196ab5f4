import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { LanguageRoles } from './languages/index.js';
import { renameWasmImports } from './wasm-imports.js';

const require = createRequire(import.meta.url);

let ready: Promise<void> | null = null;
const grammars = new Map<string, Promise<Language>>();

/** Where tree-sitter-wasms keeps its prebuilt grammars. */
function grammarDir(): string {
  return join(dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
}

/** A parser for one language; the runtime and each grammar load once per process. */
export async function parserFor(language: LanguageRoles): Promise<Parser> {
  ready ??= Parser.init();
  await ready;
  let grammar = grammars.get(language.name);
  if (grammar === undefined) {
    const file = join(grammarDir(), language.wasm);
    const renames = language.importRenames;
    grammar =
      renames === undefined ? Language.load(file) : readFile(file).then((bytes) => Language.load(renameWasmImports(bytes, renames)));
    grammars.set(language.name, grammar);
  }
  const parser = new Parser();
  parser.setLanguage(await grammar);
  return parser;
}
