import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Rule } from 'eslint';
import { isTestSupport, rankViolation } from './ranks.js';

/**
 * Enforces the layer table of style.md: the folder a file lives in decides what it may
 * import (VS Code's `code-layering`). Relative imports are resolved to the folder they land
 * in; bare specifiers are classified by package.
 */
type Layer = 'core' | 'main' | 'electron' | 'renderer' | 'free';

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Packages core/ may use: small and pure. Anything else is refused there. */
const corePackages = ['zod', 'graphology', 'gpt-tokenizer', 'yaml'];
const rendererPackages = [
  'react',
  'react-dom',
  'zustand',
  'sigma',
  'graphology',
  'zod',
  '@react-sigma',
  'graphology-layout-forceatlas2',
  'graphology-types',
  'uplot',
];
const mainForbiddenPackages = ['react', 'react-dom', 'zustand', 'sigma', 'uplot', 'electron'];

export function layerOf(file: string, root: string): Layer {
  const rel = relPath(file, root);
  if (rel.startsWith('core/')) return 'core';
  if (rel.startsWith('main/electron/')) return 'electron';
  if (rel.startsWith('main/')) return 'main';
  if (rel.startsWith('renderer/')) return 'renderer';
  return 'free';
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

function matchesPackage(specifier: string, allowed: readonly string[]): boolean {
  const name = packageName(specifier);
  return allowed.some((a) => name === a || name.startsWith(`${a}-`) || name.startsWith(`${a}/`));
}

function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

/** Returns why `specifier` may not be imported from `file`, or null when it may. */
export function violation(file: string, specifier: string, root: string): string | null {
  const from = layerOf(file, root);
  if (from === 'free') return null;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = path.resolve(path.dirname(file), specifier);
    const to = layerOf(target, root);
    return relativeViolation(from, to) ?? folderViolation(from, to, relPath(file, root), relPath(target, root));
  }
  return packageViolation(from, specifier, isTestFile(file));
}

function relPath(file: string, root: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Inside one layer: the folder order of tools/lint/ranks.ts (tests and their helpers are exempt). */
function folderViolation(from: Layer, to: Layer, relFrom: string, relTo: string): string | null {
  if (from !== to || (from !== 'core' && from !== 'main' && from !== 'renderer') || isTestSupport(relFrom)) return null;
  const folderOf = (rel: string): string | null => {
    const parts = rel.split('/');
    return parts.length > 2 ? (parts[1] as string) : null;
  };
  return rankViolation(from, folderOf(relFrom), folderOf(relTo));
}

function relativeViolation(from: Layer, to: Layer): string | null {
  const allowed: Record<Exclude<Layer, 'free'>, readonly Layer[]> = {
    core: ['core'],
    main: ['core', 'main'],
    electron: ['core', 'main', 'electron'],
    renderer: ['core', 'renderer'],
  };
  if (from === 'free' || allowed[from].includes(to)) return null;
  return `${from}/ may not import from ${to === 'electron' ? 'main/electron' : to}/`;
}

function packageViolation(from: Exclude<Layer, 'free'>, specifier: string, isTest: boolean): string | null {
  const isNode = nodeBuiltins.has(specifier) || nodeBuiltins.has(specifier.split('/')[0] as string);
  switch (from) {
    case 'core':
      if (isNode) return isTest ? null : 'core/ is pure: no Node built-ins';
      if (isTest && matchesPackage(specifier, ['vitest', 'fast-check'])) return null;
      return matchesPackage(specifier, corePackages) ? null : `core/ may only use ${corePackages.join(', ')} (got "${specifier}")`;
    case 'renderer':
      if (isNode) return 'renderer/ runs in the browser: no Node built-ins';
      if (isTest && matchesPackage(specifier, ['vitest', '@testing-library'])) return null;
      return matchesPackage(specifier, rendererPackages) ? null : `renderer/ may not use "${specifier}"`;
    case 'main':
      return matchesPackage(specifier, mainForbiddenPackages)
        ? `main/ may not use "${specifier}" (only main/electron/ imports electron)`
        : null;
    case 'electron':
      return matchesPackage(specifier, ['react', 'react-dom', 'zustand', 'sigma']) ? `main/electron/ may not use "${specifier}"` : null;
  }
}

export const layeringRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer table of style.md' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { layer: 'Layering: {{reason}}.' },
  },
  create(context) {
    const options = (context.options[0] ?? {}) as { root?: string };
    const root = options.root ?? context.cwd;
    const file = context.filename;
    const check = (node: Rule.Node, source: unknown): void => {
      if (typeof source !== 'string') return;
      const reason = violation(file, source, root);
      if (reason) context.report({ node, messageId: 'layer', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          const arg = node.arguments[0];
          check(node, arg?.type === 'Literal' ? arg.value : undefined);
        }
      },
    };
  },
};
