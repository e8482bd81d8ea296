import { useSyncExternalStore } from 'react';
import { getSessionStorage, onStorageCleared, readSigned, writeSigned } from './secure-storage';

export interface PersistedStore<T extends object> {
  getState: () => T;
  setState: (update: Partial<T> | ((state: T) => Partial<T>)) => void;
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
  defaults: T;
}

/**
 * A small external store kept in signed session storage under `key` (spec-1 §3). Every client-side
 * store of the app is made with it.
 */
export function createPersistedStore<T extends object>(
  key: string,
  defaults: T,
  storage: () => Storage | undefined = getSessionStorage,
): PersistedStore<T> {
  let state: T = readSigned(storage(), key, defaults);
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const setState: PersistedStore<T>['setState'] = (update) => {
    const patch = typeof update === 'function' ? update(state) : update;
    state = { ...state, ...patch };
    writeSigned(storage(), key, state);
    emit();
  };

  const reset = () => {
    state = defaults;
    writeSigned(storage(), key, state);
    emit();
  };

  // Tampering elsewhere wiped the storage: drop the in-memory copy too, without re-writing it.
  onStorageCleared(() => {
    if (state === defaults) return;
    state = defaults;
    emit();
  });

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const getState = () => state;

  return { getState, setState, reset, subscribe, defaults };
}

/** Reads a persisted store in a component; pass a selector to re-render only when that slice changes. */
export function usePersistedStore<T extends object>(store: PersistedStore<T>): T;
export function usePersistedStore<T extends object, S>(
  store: PersistedStore<T>,
  selector: (state: T) => S,
): S;
export function usePersistedStore<T extends object, S>(
  store: PersistedStore<T>,
  selector?: (state: T) => S,
): T | S {
  const select = selector ?? ((value: T) => value);
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.defaults),
  );
}
