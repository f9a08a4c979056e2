// The lots map's shared state and its light parts: which lot is active (hovered or focused on either side,
// else the one picked on the map), the phones' List / Map toggle, and the slot that keeps the map's space and
// loads the map's code only once it is used: beside the list it shows a stand-in drawn with the page until the
// visitor's first pointer, touch or focus on it (results-map-preview.tsx); below lg, once Map is picked. The
// map's code is never part of a page's first download.
import { createContext, Suspense, use, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyWithPreload } from '@/client/lib/lazy';
import { cn } from '@/client/lib/utils';
import { ResultsMapPreview } from './results-map-preview';
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
  /** The interactive map was asked for beside the list ('focus': by keyboard, so it takes the focus on). */
  live: false | 'pointer' | 'focus';
  goLive: (focus: boolean) => void;
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
  const [live, setLive] = useState<ResultsMapState['live']>(false);
  const value = useMemo(
    () =>
      data?.providers.length
        ? {
            data,
            activeId: hoverId ?? selectedId,
            selectedId,
            locked,
            setLocked,
            view,
            hover,
            select,
            setView,
            live,
            // Once the map's code is there: the stand-in stays in place, with the focus, until then.
            goLive: (focus: boolean) => void ResultsMap.preload().then(() => setLive((l) => (focus ? 'focus' : l || 'pointer'))),
          }
        : null,
    [data, hoverId, selectedId, locked, view, live],
  );
  return <Context value={value}>{children}</Context>;
}

const WIDE = '(min-width: 1024px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const never = () => () => undefined;
/** True on the server and while hydrating what it sent, false after (and in pages rendered in the browser). */
const useHydrating = () =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );

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
  const hydrating = useHydrating();
  const box = cn('w-full rounded-lg border border-border bg-muted', className);
  const placeholder = <div className={box} />;
  if (!map) return reserve && placement === 'aside' ? <div className="hidden lg:block">{placeholder}</div> : null;
  if (placement === 'aside') {
    // The stand-in on the server's page (hidden there below lg, and gone after hydration) and until the map is used;
    // it stays while the map's code loads.
    const preview = <ResultsMapPreview map={map} className={box} />;
    return (
      <div className="hidden lg:block">
        <Suspense fallback={preview}>{wide && map.live ? <ResultsMap className={box} /> : wide || hydrating ? preview : null}</Suspense>
      </div>
    );
  }
  if (wide || map.view !== 'map') return null;
  return (
    <div className="lg:hidden">
      <Suspense fallback={placeholder}>
        <ResultsMap className={box} />
      </Suspense>
    </div>
  );
}
