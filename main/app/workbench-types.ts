import type { ChooseInput, EventName, EventPayload, Handlers } from '../../core/ipc/index.js';
import type { Env } from '../policies/create-policy.js';
import type { StoreSpec } from '../store/index.js';
import type { LoadedSnapshot } from './bundle.js';

/** What createWorkbench (workbench.ts) is given and gives: the web host and the Electron app build one each. */

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** How this host runs investigations (through main/session's investigation service). */
export interface InvestigationHosting {
  /**
   * The environment variable holding the LLM API key (`--api-key-env`); null: the default
   * variable (main/policies/create-policy.ts). The page never names it.
   */
  apiKeyEnv?: string | null;
  /** Where the key is read from; default process.env. */
  env?: Env;
  /**
   * Where a bundle's evidence is imported (`eog serve --store`, the app's store setting); null:
   * a private temporary SQLite file. Read at each open, so a changed setting applies to the next snapshot.
   */
  store?: (() => StoreSpec | null) | null;
  /** The variable holding a clickhouse:// store's password (`--store-password-env`); the page never names it. */
  storePasswordEnv?: string | null;
}

export interface Workbench {
  /** Implements every channel of the contract; transports wrap these with `dispatch`. */
  handlers: Handlers;
  /** Registers a listener for server-pushed events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  current(): LoadedSnapshot | null;
  /** Resolves once no investigation run is in flight. */
  settled(): Promise<void>;
  /** Stops any run and releases the investigation (evidence store, temporary files). */
  close(): void;
}

export interface WorkbenchOptions {
  /** Snapshot bundle folder to open at start; loading errors are thrown from createWorkbench. */
  snapshot?: string | null;
  host: 'electron' | 'web';
  /** Shown in app.info. */
  version: string;
  /** Without it the investigation channels answer NotAvailableError. */
  investigations?: InvestigationHosting | null;
  /** The trainer's lessons (SQLite); default main/lesson's defaultLessonsFile(). */
  lessonsFile?: string;
  /** The case library (docs/cases.md); default main/cases' defaultCasesFile(); null: none. */
  casesFile?: string | null;
  /**
   * What else the user gave the host to open and create files under (its command line: the
   * snapshot argument, `--allow`, `--store`). The snapshot, the case library and lessons files
   * and the data folder are always allowed; every other path a client names is refused (allowed-roots.ts).
   */
  roots?: readonly string[];
  /** The host's native open dialog (the desktop app); what the user picks there joins the roots. */
  choosePath?: ((kind: ChooseInput['kind']) => Promise<string | null>) | null;
}
