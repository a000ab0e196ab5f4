import { useEffect } from 'react';
import type { WorkbenchStore } from '../store/store.js';
import { selectControls } from '../store/store.js';
import { nodeBeside, walkNodes } from '../store/walk.js';

/** Keys typed into a field belong to the field, not to the shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** Space on a focused button or summary activates it; the shortcut must not fire as well. */
function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'SUMMARY', 'A'].includes(target.tagName);
}

/** The split handle, when focused, moves with the arrows (as the timeline's slider does). */
function ownsArrows(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.getAttribute('role') === 'separator';
}

/**
 * The workbench's keys (docs/ui.md), only what the controls would allow:
 * Space run/pause, → step, ← step back; j / k the next / previous node of the walk (in the
 * Node tab), i the Node tab (the inspector), d back to the Diagnosis tab.
 */
export function useKeyboard(store: WorkbenchStore): void {
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const state = store.getState();
      const controls = selectControls(state);
      if (event.key === ' ') {
        if (isActivatable(event.target)) return;
        event.preventDefault();
        if (controls.canPause) void state.runCommand('pause');
        else if (controls.canRun) void state.runCommand('run');
      } else if (event.key === 'ArrowRight' && controls.canStep && !ownsArrows(event.target)) {
        event.preventDefault();
        void state.runCommand('step');
      } else if (event.key === 'ArrowLeft' && controls.canStepBack && !ownsArrows(event.target)) {
        event.preventDefault();
        void state.runCommand('stepBack');
      } else if (event.key === 'j' || event.key === 'k') {
        const next = nodeBeside(walkNodes(state.ledger, state.investigation?.seq ?? -1), state.selectedNode, event.key === 'j' ? 1 : -1);
        if (next === null) return;
        event.preventDefault();
        state.selectNode(next);
      } else if (event.key === 'i') {
        event.preventDefault();
        state.setSideTab('node');
      } else if (event.key === 'd') {
        event.preventDefault();
        state.setSideTab('diagnosis');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
