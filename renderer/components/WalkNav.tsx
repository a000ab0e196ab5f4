import { useMemo } from 'react';
import { useWorkbench } from '../store/context.js';
import { nodeBeside, walkNodes } from '../store/walk.js';

/** Previous / next node of the walk (keys k / j): the nodes the investigation evaluated, in order. */
export function WalkNav() {
  const ledger = useWorkbench((s) => s.ledger);
  const seq = useWorkbench((s) => s.investigation?.seq ?? -1);
  const selected = useWorkbench((s) => s.selectedNode);
  const selectNode = useWorkbench((s) => s.selectNode);
  const walk = useMemo(() => walkNodes(ledger, seq), [ledger, seq]);
  if (walk.length === 0) return null;
  const at = selected === null ? -1 : walk.indexOf(selected);
  const previous = nodeBeside(walk, selected, -1);
  const next = nodeBeside(walk, selected, 1);
  return (
    <nav className="walk-nav" aria-label="Walk">
      <button
        type="button"
        aria-label="Previous node of the walk"
        title="Previous node of the walk (k)"
        disabled={previous === null || previous === selected}
        onClick={() => previous && selectNode(previous)}
      >
        ‹
      </button>
      <span className="muted" data-testid="walk-position">
        {at >= 0 ? `${at + 1} of ${walk.length}` : `${walk.length} visited`}
      </span>
      <button
        type="button"
        aria-label="Next node of the walk"
        title="Next node of the walk (j)"
        disabled={next === null || next === selected}
        onClick={() => next && selectNode(next)}
      >
        ›
      </button>
    </nav>
  );
}
