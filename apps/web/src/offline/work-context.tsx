import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { emptySnapshot, type WorkSnapshot } from './work-snapshot.ts';
import type { SyncEngine } from './sync-engine.ts';

const EngineContext = createContext<SyncEngine | null>(null);

interface WorkProviderProps {
  userId: string;
  /** How the engine is made: the device's store in the app, memory in a screen's test. */
  open: (userId: string) => Promise<SyncEngine>;
  children: ReactNode;
}

/**
 * Starts the person's offline engine for as long as the signed-in layout is shown, and stops it on
 * sign-out (or when another person signs in: a new engine over their own database).
 */
export function WorkProvider({ userId, open, children }: WorkProviderProps) {
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  useEffect(() => {
    let started: SyncEngine | null = null;
    let cancelled = false;
    open(userId).then(
      (opened) => {
        if (cancelled) opened.stop();
        else setEngine((started = opened));
      },
      (error: unknown) => console.warn('The offline engine did not start', error),
    );
    return () => {
      cancelled = true;
      started?.stop();
      setEngine(null);
    };
  }, [userId, open]);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

/** The engine, or null while it starts (and outside the signed-in layout). */
export const useWorkEngine = (): SyncEngine | null => useContext(EngineContext);

const STARTING = emptySnapshot('memory', null);

const noEngine = () => () => undefined;
const starting = () => STARTING;

/** What the person's work looks like on this device now; re-renders when it changes. */
export function useWork(): WorkSnapshot {
  const engine = useWorkEngine();
  return useSyncExternalStore(engine?.subscribe ?? noEngine, engine?.getSnapshot ?? starting, starting);
}
