import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { WorkbenchState, WorkbenchStore } from './store.js';

export const StoreContext = createContext<WorkbenchStore | null>(null);

export function useWorkbenchStore(): WorkbenchStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useWorkbenchStore outside <StoreContext.Provider>');
  return store;
}

/** Narrow subscription: re-renders only when the selected value changes. */
export function useWorkbench<T>(selector: (state: WorkbenchState) => T): T {
  return useStore(useWorkbenchStore(), selector);
}

/** For selectors that build a fresh object each time; compared field by field. */
export function useWorkbenchShallow<T extends object>(selector: (state: WorkbenchState) => T): T {
  return useStore(useWorkbenchStore(), useShallow(selector));
}
