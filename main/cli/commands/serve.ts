import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { defaultSnapshotDir, findPackageRoot } from '../../app/index.js';
import { startWebHost } from '../../web/index.js';
import { UsageError } from '../errors.js';
import { addCasesOptions, casesFileFrom, type CasesFlags } from './cases-flags.js';
import { addStoreOptions, applyEngineMemory, storeSpecFrom, type StoreFlags } from './store-flags.js';
import { isStoreSpecInput } from '../../app/open-store.js';
import { specPath } from '../../app/allowed-roots.js';
import { isClickHouseSpec } from '../../store/index.js';
import { addCaptureTimeOptions, captureOpening, captureTimesFrom, type CaptureTimeFlags } from './capture-flags.js';

interface ServeOptions extends StoreFlags, CaptureTimeFlags, CasesFlags {
  port: string;
  host: string;
  apiKeyEnv?: string;
  allow?: string[];
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const isFile = (input: string): boolean => statSync(input, { throwIfNoEntry: false })?.isFile() ?? false;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got "${value}"`);
  return port;
}

export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('Serve the workbench UI on a local web host (127.0.0.1 by default, token required).')
    .argument(
      '[snapshot]',
      'snapshot bundle, capture folder (OTLP / Prometheus / kubectl exports), saved ledger, evidence store file, chdb:DIR or clickhouse://[user@]host:port/db to open (default: the bundled sample)',
    )
    .option('--port <n>', 'port (0 = any free port)', '0')
    .option('--host <h>', 'interface to bind', '127.0.0.1')
    .option('--api-key-env <var>', 'environment variable holding the LLM API key (default: EOG_LLM_API_KEY when set)')
    .option(
      '--allow <path>',
      'a folder (or file) the page may also open and create files under, besides the snapshot, --store, --cases and the data folder; repeatable',
      collect,
    );
  addCaptureTimeOptions(command);
  addCasesOptions(command, true, false);
  addStoreOptions(
    command,
    'where opened bundles are imported: a path or sqlite:PATH, chdb:DIR or clickhouse://[user@]host:port/db (default: a temporary SQLite file)',
  ).action(async (snapshot: string | undefined, options: ServeOptions) => {
    const target = snapshot ?? defaultSnapshotDir(findPackageRoot(import.meta.url));
    // Before anything can load the embedded engine (a chdb store opened now or from the app).
    applyEngineMemory(options);
    // Refuses the times for what states its own (a bundle, a store file), as investigate does.
    const placed = captureOpening(target, options);
    // A capture folder is converted as the open dialog converts it, with the times given; a
    // store (file, chdb:DIR, clickhouse://…; a Collector's database with its window placed) or
    // a ledger is opened as the dialog opens it.
    const isOpenedLater = placed !== null || isStoreSpecInput(target) || isFile(target);
    const host = await startWebHost({
      apiKeyEnv: options.apiKeyEnv ?? null,
      // A ClickHouse snapshot takes --store-password-env for itself; --store names where opened bundles go.
      store: isClickHouseSpec(target) && options.store === undefined ? null : storeSpecFrom(options),
      storePasswordEnv: options.storePasswordEnv ?? null,
      casesFile: casesFileFrom(options, true),
      // What the user named here is all the page may open (main/app/allowed-roots.ts).
      roots: [specPath(target), ...(options.allow ?? [])].filter((p) => p !== null),
      snapshot: isOpenedLater ? null : target,
      port: parsePort(options.port),
      host: options.host,
    });
    if (isOpenedLater) {
      try {
        await host.workbench.handlers['snapshot.open']({ path: target, ...captureTimesFrom(options) });
      } catch (error) {
        await host.close();
        throw error;
      }
    }
    if (options.host === '0.0.0.0' || options.host === '::') {
      process.stderr.write('eog: warning: listening on all interfaces; anyone with the token can use the workbench\n');
    }
    // The bare URL stands alone on its own line so scripts can parse it.
    process.stdout.write(`EoG Workbench is serving ${host.workbench.current()?.summary.name ?? 'no snapshot'}. Open:\n${host.url}\n`);
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void host.close().then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  });
}
