import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createClient, dispatch, type Client, type EventName, type Transport } from '../../core/ipc/index.js';
import { generateIncident, type GenerateOptions } from '../generate/index.js';
import { createWorkbench, type Workbench } from './workbench.js';

export interface LessonWorkbench {
  /** Every event the workbench pushed, in order. */
  pushed: { event: EventName; payload: unknown }[];
  /** A client over the workbench's handlers, as the renderer calls them. */
  client(): Client;
  /** The workbench's case library file. */
  casesFile: string;
  /** The generated incident's bundle folder (once the tests run). */
  bundleDir(): string;
  /** Resolves once no investigation run is in flight. */
  settled(): Promise<void>;
}

/**
 * A web-host workbench on a generated incident, its lessons in a temporary folder: made before
 * the file's tests, closed and removed after them. `roots`: what else its host was given to open.
 */
export function useLessonWorkbench(incident: GenerateOptions, roots: readonly string[] = []): LessonWorkbench {
  const root = mkdtempSync(path.join(tmpdir(), 'eog-app-lesson-'));
  let workbench: Workbench | null = null;
  const pushed: LessonWorkbench['pushed'] = [];
  let bundleDir: string | null = null;
  beforeAll(async () => {
    const generated = await generateIncident(path.join(root, 'bundle'), incident);
    bundleDir = generated.dir;
    workbench = createWorkbench({
      snapshot: generated.dir,
      host: 'web',
      version: '0',
      investigations: {},
      lessonsFile: path.join(root, 'lessons.sqlite'),
      casesFile: path.join(root, 'cases.sqlite'),
      roots,
    });
    workbench.subscribe((event, payload) => pushed.push({ event, payload }));
  }, 60_000);
  afterAll(() => {
    workbench?.close();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    pushed,
    casesFile: path.join(root, 'cases.sqlite'),
    bundleDir: () => {
      if (bundleDir === null) throw new Error('the incident is not generated yet');
      return bundleDir;
    },
    settled: () => workbench?.settled() ?? Promise.resolve(),
    client: () => {
      const transport: Transport = {
        invoke: (c, i) => (workbench ? dispatch(workbench.handlers, c, i) : Promise.reject(new Error('the workbench is not open yet'))),
        on: () => () => {},
      };
      return createClient(transport);
    },
  };
}
