import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useWorkbench } from '../store/context.js';
import { SIDE_WIDTH } from '../store/preferences.js';

/** Pixels one arrow press moves the split; with Shift, five times as far. */
const KEY_STEP = 20;

/**
 * The split between the graph and the side panel: dragged with a pointer, or focused and moved
 * with ← / → (Home / End for the narrowest and widest). The width is a preference, kept between
 * sessions. The side panel is on the right, so moving the handle left widens it.
 */
export function SplitHandle() {
  const width = useWorkbench((s) => s.sideWidth);
  const setWidth = useWorkbench((s) => s.setSideWidth);
  const drag = useRef<{ x: number; width: number } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>): void {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>): void {
    if (drag.current) setWidth(drag.current.width + (drag.current.x - event.clientX));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>): void {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const next =
      event.key === 'ArrowLeft'
        ? width + step
        : event.key === 'ArrowRight'
          ? width - step
          : event.key === 'Home'
            ? SIDE_WIDTH.min
            : event.key === 'End'
              ? SIDE_WIDTH.max
              : null;
    if (next === null) return;
    event.preventDefault();
    setWidth(next);
  }

  return (
    <div
      className="split-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label="Side panel width"
      aria-valuemin={SIDE_WIDTH.min}
      aria-valuemax={SIDE_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      title="Drag, or focus and press ← / →, to resize the side panel"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
