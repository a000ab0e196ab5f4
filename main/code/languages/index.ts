import { bash } from './bash.js';
import { cpp, c } from './cpp.js';
import { csharp } from './csharp.js';
import { dart } from './dart.js';
import { elixir } from './elixir.js';
import { go } from './go.js';
import { java } from './java.js';
import { javascript, tsx, typescript } from './javascript.js';
import { kotlin } from './kotlin.js';
import { lua } from './lua.js';
import { objc } from './objc.js';
import { php } from './php.js';
import { python } from './python.js';
import type { LanguageRoles } from './roles.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import { scala } from './scala.js';
import { swift } from './swift.js';
import { zig } from './zig.js';

export type { LanguageRoles, Role } from './roles.js';
export { roleMap } from './roles.js';

export const languages: readonly LanguageRoles[] = [
  go,
  java,
  python,
  javascript,
  typescript,
  tsx,
  csharp,
  ruby,
  rust,
  kotlin,
  php,
  cpp,
  c,
  scala,
  swift,
  dart,
  lua,
  elixir,
  zig,
  objc,
  bash,
];

const byExtension = new Map(languages.flatMap((l) => l.extensions.map((e) => [e, l] as const)));

/** Extensions of source languages without a table here: reported, never fatal. */
const knownUnsupported = new Set(['.erl', '.mm', '.clj', '.hs', '.ml', '.fs', '.pl', '.r', '.jl', '.groovy', '.vb']);

/** The language of a file by its extension (lower-cased), or null. */
export function languageFor(extension: string): LanguageRoles | null {
  return byExtension.get(extension.toLowerCase()) ?? null;
}

export function isUnsupportedSource(extension: string): boolean {
  return knownUnsupported.has(extension.toLowerCase());
}
