import { useSyncExternalStore } from 'react';

/**
 * A minimal external store for app-wide client state (session, modals, toasts). React reads it
 * through useSyncExternalStore; plain modules (router loaders, the API client) read and write it
 * directly, which a React context could not offer.
 */
export interface Store<S> {
  get: () => S;
  set: (next: S | ((prev: S) => S)) => void;
  subscribe: (listener: () => void) => () => void;
}

export const createStore = <S>(initial: S): Store<S> => {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      const value = typeof next === 'function' ? (next as (prev: S) => S)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const useStore = <S, T = S>(store: Store<S>, select?: (state: S) => T): T => {
  const getSnapshot = () => (select ? select(store.get()) : (store.get() as unknown as T));
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
};
