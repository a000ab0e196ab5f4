import { useEffect } from 'react';
import type { WorkbenchStore } from '../store/store.js';
import { selectControls } from '../store/store.js';

/** Keys typed into a field belong to the field, not to the shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** Space on a focused button or summary activates it; the shortcut must not fire as well. */
function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'SUMMARY', 'A'].includes(target.tagName);
}

/** Space = run/pause, → = step, ← = step back; only what the controls would allow. */
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
      } else if (event.key === 'ArrowRight' && controls.canStep) {
        event.preventDefault();
        void state.runCommand('step');
      } else if (event.key === 'ArrowLeft' && controls.canStepBack) {
        event.preventDefault();
        void state.runCommand('stepBack');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
