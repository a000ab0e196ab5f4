/**
 * The order of the folders inside each layer, lowest first. A file may import from its own
 * folder and from folders of a lower rank, never from the same rank or above: the store does
 * not reach into the session, the session not into the app, the app not into the CLI. New
 * folders must be given a rank here (an unranked folder is reported), so the order is a
 * decision, not an accident.
 */
export const folderRanks: Record<'core' | 'main' | 'renderer', readonly (readonly string[])[]> = {
  core: [
    ['model', 'random', 'snapshot', 'text', 'time'],
    ['graph', 'ledger', 'signals', 'charts', 'code'],
    ['hypotheses', 'causal'],
    ['context', 'bootstrap', 'controller', 'scoring', 'voting'],
    ['cases'],
    ['policy', 'diagnosis', 'scopes'],
    ['report'],
    ['lesson'],
    ['ipc'],
  ],
  main: [
    ['platform', 'db', 'snapshot'],
    ['store', 'ledger', 'convert', 'code', 'knowledge'],
    ['generate', 'policies', 'report', 'cases'],
    ['session'],
    ['bench', 'lesson'],
    ['app'],
    ['web'],
    ['cli'],
  ],
  // Files directly under renderer/ (App.tsx, main.tsx) rank above every folder.
  renderer: [['ipc'], ['store'], ['graph'], ['components']],
};

export type RankedLayer = keyof typeof folderRanks;

/** Rank of `folder` in `layer`; files at the layer's root rank above all folders. */
function rankOf(layer: RankedLayer, folder: string | null): number | null {
  if (folder === null) return folderRanks[layer].length;
  const rank = folderRanks[layer].findIndex((names) => names.includes(folder));
  return rank === -1 ? null : rank;
}

/** Test files and their helpers may import any folder of their layer. */
export function isTestSupport(relFile: string): boolean {
  return /\.test\.tsx?$/.test(relFile) || /test-support\.tsx?$/.test(relFile) || relFile.includes('/testing/');
}

/**
 * Why a file in `fromFolder` may not import `toFolder` of the same layer, or null when it may.
 * Folders are the first path segment below the layer (`null` for files at the layer's root).
 */
export function rankViolation(layer: RankedLayer, fromFolder: string | null, toFolder: string | null): string | null {
  if (fromFolder === toFolder) return null;
  const from = rankOf(layer, fromFolder);
  const to = rankOf(layer, toFolder);
  if (from === null) return `${layer}/${fromFolder}/ has no rank in tools/lint/ranks.ts: give it one`;
  if (to === null) return `${layer}/${toFolder}/ has no rank in tools/lint/ranks.ts: give it one`;
  if (to < from) return null;
  const target = toFolder === null ? `${layer}/` : `${layer}/${toFolder}/`;
  return to === from
    ? `${layer}/${fromFolder}/ and ${target} are peers: move what both need to a lower folder`
    : `${layer}/${fromFolder}/ may not import from ${target}, which is above it (tools/lint/ranks.ts)`;
}
