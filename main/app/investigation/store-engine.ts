import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fold, type InvestigationState as LedgerState, type LedgerEvent } from '../../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../../core/policy/heuristic/index.js';
import type { ImportProgress, InvestigationSettings, LlmEndpoint } from '../../../core/ipc/index.js';
import type { Policy } from '../../../core/controller/index.js';
import { createLlmPolicy, defaultCacheFile, parseLlmOptions } from '../../policies/llm/index.js';
import { Investigation } from '../../session/index.js';
import { EvidenceStore } from '../../store/index.js';
import { ImportCancelledError, importStoreCancellable } from '../import/index.js';
import type { Engine, EngineHandle } from './engine.js';
import { withWindow } from './window-override.js';

export class PolicyNotConfiguredError extends Error {
  override name = 'PolicyNotConfiguredError';
  constructor(policy: string) {
    super(`The ${policy} policy needs an endpoint: fill in its base URL and model in Settings, or choose the heuristic policy.`);
  }
}

/**
 * The policy a Start asked for. The LLM key comes from the backend's environment only, so it
 * never travels through the page.
 */
function createPolicy(settings: InvestigationSettings, llm: LlmEndpoint | undefined): { policy: Policy; close(): void } {
  if (settings.policy === 'heuristic') return { policy: createHeuristicPolicy(), close: () => undefined };
  if (!llm) throw new PolicyNotConfiguredError(settings.policy);
  const apiKey = process.env.EOG_LLM_API_KEY ?? process.env.OPENAI_API_KEY ?? null;
  const policy = createLlmPolicy(
    parseLlmOptions({ baseUrl: llm.baseUrl, model: llm.model, apiKey, cacheFile: defaultCacheFile(process.env) }),
  );
  return { policy, close: () => policy.close() };
}

/** main/session's Investigation as an EngineHandle; the state is folded once per new event. */
function adapt(investigation: Investigation, closePolicy: () => void): EngineHandle {
  let cached: { length: number; state: LedgerState } | null = null;
  return {
    get events(): readonly LedgerEvent[] {
      return investigation.events;
    },
    get state(): LedgerState {
      const { events } = investigation;
      if (cached?.length !== events.length) cached = { length: events.length, state: fold(events) };
      return cached.state;
    },
    step: () => investigation.step(),
    pause: () => investigation.pause(),
    applyOverride: (node, label, note) => investigation.override(node, label, note),
    diagnosis: () => investigation.diagnosis(),
    packetJson: (hash) => investigation.packetJson(hash),
    rawLines: (id) => investigation.rawLines(id),
    close: () => {
      investigation.close();
      closePolicy();
    },
  };
}

interface ImportedStore {
  store: EvidenceStore;
  close(): void;
}

/**
 * The product engine: the snapshot folder is imported into a private evidence store on the
 * first Start (not at open, so just looking at the graph stays instant), then each Start runs
 * a fresh in-memory investigation over it. The import can be cancelled (`cancelImport`); the
 * next Start imports again.
 */
export function createStoreEngine(snapshotDir: string, onProgress: (progress: ImportProgress) => void = () => {}): Engine {
  let opened: Promise<ImportedStore> | null = null;
  let importing: AbortController | null = null;
  const importStore = async (): Promise<ImportedStore> => {
    const started = Date.now();
    const controller = new AbortController();
    importing = controller;
    const dir = mkdtempSync(path.join(tmpdir(), 'eog-store-'));
    try {
      const summary = await importStoreCancellable(snapshotDir, path.join(dir, 'store.sqlite'), {
        signal: controller.signal,
        onProgress: (p) => onProgress({ phase: p.phase, file: p.file, rows: p.rows, elapsedMs: p.elapsedMs, error: null }),
      });
      const store = EvidenceStore.open(summary.store);
      onProgress({ phase: 'done', file: null, rows: summary.totalRows, elapsedMs: Date.now() - started, error: null });
      return {
        store,
        close: () => {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      // A failed or cancelled import is retried on the next Start rather than cached.
      opened = null;
      const elapsedMs = Date.now() - started;
      if (error instanceof ImportCancelledError) onProgress({ phase: 'cancelled', file: null, rows: 0, elapsedMs, error: null });
      else onProgress({ phase: 'failed', file: null, rows: 0, elapsedMs, error: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      if (importing === controller) importing = null;
    }
  };
  let isClosed = false;
  return {
    async start(settings: InvestigationSettings, llm?: LlmEndpoint) {
      if (settings.policy === 'llm' && !llm) throw new PolicyNotConfiguredError(settings.policy);
      opened ??= importStore();
      const { store } = await opened;
      const { policy: _policy, window, ...controllerSettings } = settings;
      const chosen = createPolicy(settings, llm);
      try {
        const investigated = window ? withWindow(store, window) : store;
        return adapt(await Investigation.open({ store: investigated, policy: chosen.policy, settings: controllerSettings }), chosen.close);
      } catch (error) {
        chosen.close();
        throw error;
      }
    },
    cancelImport() {
      if (!importing) return false;
      importing.abort();
      return true;
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      importing?.abort();
      void opened?.then(
        (o) => o.close(),
        () => undefined,
      );
    },
  };
}
