/** App-wide events raised outside React (the gateway client) and handled by the app shell. */
export type AppEventName = 'token-not-found' | 'unauthorized';

type Listener = () => void;
const listeners = new Map<AppEventName, Set<Listener>>();

export function onAppEvent(name: AppEventName, listener: Listener): () => void {
  const set = listeners.get(name) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(name, set);
  return () => {
    set.delete(listener);
  };
}

export function emitAppEvent(name: AppEventName): void {
  for (const listener of listeners.get(name) ?? []) listener();
}
