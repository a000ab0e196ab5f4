import { showControls } from '../../core/text/index.js';
/**
 * The warnings of the open snapshot (gaps in the capture the converter recorded, entities
 * only records name), folded into one line of the status bar until asked for. Warning text
 * comes from the bundle: it is shown as text, never as markup, its invisible characters shown.
 */
export function SnapshotWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <details className="sep snapshot-warnings">
      <summary>
        {warnings.length} warning{warnings.length > 1 ? 's' : ''} about this snapshot
      </summary>
      <ul aria-label="Snapshot warnings">
        {warnings.map((w, i) => (
          <li key={i}>{showControls(w)}</li>
        ))}
      </ul>
    </details>
  );
}
