import { useSyncExternalStore } from 'react';
import { getSessionStorage, onStorageCleared, readSigned, writeSigned } from './secure-storage';

export interface PersistedStore<T extends object> {
  getState: () => T;
  setState: (update: Partial<T> | ((state: T) => Partial<T>)) => void;
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
  /** React hook; pass a selector to re-render only when that slice changes. */
  use: {
    (): T;
    <S>(selector: (state: T) => S): S;
  };
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

  function use(): T;
  function use<S>(selector: (state: T) => S): S;
  function use<S>(selector?: (state: T) => S): T | S {
    const select = selector ?? ((value: T) => value);
    return useSyncExternalStore(
      subscribe,
      () => select(state),
      () => select(defaults),
    );
  }

  return { getState, setState, reset, subscribe, use };
}
