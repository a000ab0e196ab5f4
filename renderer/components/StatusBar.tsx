import { formatDateTime } from '../../core/time/index.js';
import { useWorkbench } from '../store/context.js';
import { SnapshotWarnings } from './SnapshotWarnings.js';
import { showControls } from '../../core/text/index.js';

export function StatusBar() {
  const connection = useWorkbench((s) => s.connection);
  const snapshot = useWorkbench((s) => s.info?.snapshot ?? null);
  const zone = useWorkbench((s) => s.timeZone);
  const hasEngine = useWorkbench((s) => !!s.info?.capabilities.investigation);
  const nodeCount = useWorkbench((s) => s.nodeCount);
  const edgeCount = useWorkbench((s) => s.edgeCount);
  const investigation = useWorkbench((s) => s.investigation);
  const error = useWorkbench((s) => s.error);
  const layout = useWorkbench((s) => s.layout);
  const importing = useWorkbench((s) => s.importProgress);
  const isImporting = importing !== null && importing.phase !== 'done' && importing.phase !== 'failed' && importing.phase !== 'cancelled';
  const canCancelImport = useWorkbench((s) => !!s.info?.capabilities.cancelImport);
  const cancelImport = useWorkbench((s) => s.cancelImport);

  return (
    <footer className="status-bar" role="status" aria-label="Status">
      <span className={`dot ${connection}`} aria-hidden="true" />
      <span>
        {connection === 'ready'
          ? 'Connected'
          : connection === 'connecting'
            ? 'Connecting…'
            : connection === 'disconnected'
              ? 'Disconnected'
              : 'Error'}
      </span>
      {snapshot && (
        <>
          <span className="sep">{showControls(snapshot.name)}</span>
          <span className="sep">incident {snapshot.incidentTime === null ? 'unknown' : formatDateTime(snapshot.incidentTime, zone)}</span>
          <span className="sep">
            {nodeCount} entities · {edgeCount} edges · {snapshot.alertCount} alerts
          </span>
          <SnapshotWarnings
            warnings={[...snapshot.warnings, ...(importing?.phase === 'done' ? (importing.warnings ?? []) : []).map((w) => `import: ${w}`)]}
          />
        </>
      )}
      {layout === 'running' && <span className="sep">Loading the graph…</span>}
      {layout === 'refining' && <span className="sep">Refining the layout…</span>}
      {isImporting && (
        // The button comes before the counters, which change several times a second: placed
        // after them it moved under the pointer between aiming and clicking.
        <span className="sep import-progress">
          {canCancelImport && (
            <button type="button" className="link" onClick={() => void cancelImport()}>
              Cancel import
            </button>
          )}
          Importing evidence: {importing.phase} {showControls(importing.file ?? '')} ({importing.rows} rows,{' '}
          {(importing.elapsedMs / 1000).toFixed(1)} s)
        </span>
      )}
      {importing?.phase === 'cancelled' && <span className="sep">Import cancelled: nothing was imported</span>}
      <span className="sep">
        {investigation
          ? `${investigation.status} · ${investigation.evaluations} evaluations · budget left ${investigation.budgetLeft}`
          : hasEngine
            ? 'No investigation yet'
            : 'Investigation engine not available in this build'}
      </span>
      {investigation?.model && investigation.model.inFlight > 0 && (
        <span className="sep" role="status">
          Waiting for the model: {investigation.model.inFlight} request(s) ({investigation.model.waitingFor ?? 'model'})
        </span>
      )}
      {investigation?.model && investigation.model.fallbacks > 0 && (
        <span className="sep error" role="status">
          Model unusable for {investigation.model.fallbacks} node(s): the heuristic judged them ({investigation.model.failedCalls} of{' '}
          {investigation.model.calls} model calls failed)
        </span>
      )}
      {investigation?.model?.stopped && (
        <span className="sep error" role="status">
          Stopped early: {investigation.model.stopped}
        </span>
      )}
      {investigation?.lastError && (
        <span className="sep error" role="alert">
          Run stopped: {showControls(investigation.lastError)}
        </span>
      )}
      {error && (
        <span className="sep error" role="alert">
          {showControls(error)}
        </span>
      )}
    </footer>
  );
}
