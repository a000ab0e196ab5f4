import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export class RendererNotBuiltError extends Error {
  override name = 'RendererNotBuiltError';
  constructor(dir: string) {
    super(`The UI is not built (${dir} is missing): run npm run build:renderer`);
  }
}

/** dist/renderer of the package, from the sources (tsx) or the bundle (dist/main/cli.js). */
export function findRendererDir(root: string): string {
  const dir = path.join(root, 'dist', 'renderer');
  if (!existsSync(path.join(dir, 'index.html'))) throw new RendererNotBuiltError(dir);
  return dir;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file inside `root`, or null. Refuses anything that would leave the
 * root (`..`, encoded slashes, NUL, absolute paths) and hidden files.
 */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const segments = relative.split('/');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const file = path.resolve(root, relative);
  const inside = path.relative(root, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}
