// The lots map's shared state and its light parts: which lot is active (hovered or focused on either side,
// else the one picked on the map), the phones' List / Map toggle, and the slot that reserves the map's
// space and loads the map's code only once it is shown (it is never part of a page's first download).
import { createContext, Suspense, use, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyWithPreload } from '@/client/lib/lazy';
import { cn } from '@/client/lib/utils';
import type { ProviderResult } from './provider-card';

const ResultsMap = lazyWithPreload(() => import('./results-map').then((m) => ({ default: m.ResultsMap })));

export interface ResultsMapData {
  /** The terminal or port the map centres on. */
  center: { latitude: number; longitude: number };
  kind: string;
  code: string;
  label: string;
  providers: ProviderResult[];
  arrivalDate: string;
  departureDate: string;
}

export interface ResultsMapState {
  data: ResultsMapData;
  /** The lot shown as active in the list and on the map: hovered or focused, else selected. */
  activeId: number | null;
  selectedId: number | null;
  /** The details of this place are locked for the visitor, the lots' whereabouts with them (the list says). */
  locked: boolean;
  setLocked: (locked: boolean) => void;
  view: 'list' | 'map';
  hover: (id: number | null) => void;
  select: (id: number | null) => void;
  setView: (view: 'list' | 'map') => void;
}

const Context = createContext<ResultsMapState | null>(null);

/** The map's state, or null where a results list has no map (no place, or no lots). */
export const useResultsMap = () => use(Context);

export function ResultsMapProvider({ data, children }: { data: ResultsMapData | null; children: ReactNode }) {
  const [hoverId, hover] = useState<number | null>(null);
  const [selectedId, select] = useState<number | null>(null);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [locked, setLocked] = useState(false);
  const value = useMemo(
    () => (data?.providers.length ? { data, activeId: hoverId ?? selectedId, selectedId, locked, setLocked, view, hover, select, setView } : null),
    [data, hoverId, selectedId, locked, view],
  );
  return <Context value={value}>{children}</Context>;
}

const WIDE = '(min-width: 1024px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True from the lg breakpoint on, where the map sits beside the list (false on the server and at hydration). */
export const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );

/** Phones and tablets: the List / Map switch above the results. */
export function MapViewToggle() {
  const map = useResultsMap();
  if (!map) return null;
  const option = (view: 'list' | 'map', label: string) => (
    <button
      type="button"
      aria-pressed={map.view === view}
      onPointerDown={() => view === 'map' && void ResultsMap.preload()}
      onClick={() => map.setView(view)}
      className="flex-1 rounded-sm px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm sm:w-24 sm:flex-none"
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show results as" className="flex rounded-md bg-muted p-1 sm:inline-flex lg:hidden">
      {option('list', 'List')}
      {option('map', 'Map')}
    </div>
  );
}

/**
 * Where the map goes. `aside`: beside the list from lg on (its space is kept on the server's page, so the
 * map arriving moves nothing); `inline`: in place of the list below lg, when Map is picked.
 */
export function ResultsMapSlot({
  placement,
  className,
  reserve = false,
}: {
  placement: 'aside' | 'inline';
  className?: string;
  /** Keep the map's space while the results load (aside only), so the panels below it do not jump. */
  reserve?: boolean;
}) {
  const map = useResultsMap();
  const wide = useWide();
  const box = cn('w-full rounded-lg border border-border bg-muted', className);
  const placeholder = <div className={box} />;
  if (!map) return reserve && placement === 'aside' ? <div className="hidden lg:block">{placeholder}</div> : null;
  const shown = placement === 'aside' ? wide : !wide && map.view === 'map';
  if (placement === 'inline' && !shown) return null;
  return (
    <div className={placement === 'aside' ? 'hidden lg:block' : 'lg:hidden'}>
      {shown ? (
        <Suspense fallback={placeholder}>
          <ResultsMap className={box} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
