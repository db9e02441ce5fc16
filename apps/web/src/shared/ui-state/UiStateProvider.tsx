import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { createUiStateStore, type UiState, type UiStateStore } from './uiStateStore.ts';

const UiStateContext = createContext<UiStateStore | null>(null);

export function UiStateProvider({ store, children }: { store?: UiStateStore; children: ReactNode }) {
  const [ownStore] = useState(
    () => store ?? createUiStateStore(typeof localStorage === 'undefined' ? undefined : localStorage),
  );
  return <UiStateContext.Provider value={store ?? ownStore}>{children}</UiStateContext.Provider>;
}

export function useUiState(): [UiState, UiStateStore['setState']] {
  const store = useContext(UiStateContext);
  if (!store) throw new Error('useUiState must be used inside UiStateProvider');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return [state, store.setState];
}
