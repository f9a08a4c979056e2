// The lots map's stand-in beside the list (a facade): the same box, the terminal and a price pin per lot placed
// from their coordinates, drawn by the server with the page. The interactive map (results-map.tsx: pins placed
// clear of each other, the scale, arrow keys, the picked lot's name) is loaded on the visitor's first pointer,
// touch or focus on it, so it is not part of a first visit's scripts; it then takes the stand-in's place.
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/client/components/ui/button';
import { useAccessDialog } from '@/client/features/access/access-dialog';
import { cn } from '@/client/lib/utils';
import { ACCESS_FEE_TEXT, formatPrice } from '@/shared/pricing';
import type { ProviderResult } from './provider-card';
import type { ResultsMapState } from './results-map-state';

/** "3 days": the stay the pins' totals are for. */
export const stayText = (lots: ProviderResult[]) => {
  const days = lots[0]?.days ?? 1;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
};

/** A pin's accessible name, the same on the stand-in and on the map. */
export const pinLabel = (p: ProviderResult, stay: string) => `${p.name}: ${formatPrice(p.total)} total for ${stay}, ${p.distance}${p.availableSpaces === 0 ? ', sold out' : ''}`;

/** The map's hint for screen readers, the same on the stand-in and on the map. */
export const mapHint = (map: ResultsMapState, stay: string) =>
  map.locked
    ? 'The terminal is in the middle; unlock the details to see where each lot is.'
    : `${map.data.providers.length} lots around the ${map.data.kind === 'airport' ? 'terminal' : 'port'}, each shown with its total for ${stay}. Use the arrow keys to move between lots.`;

// The map's frame beside the list (300 × 34rem) less the room it keeps free at its edges (results-map.tsx).
const INNER = { w: 240, h: 468 };
const INSET = { x: 30, top: 42, bottom: 34 };

/** Where each lot sits inside the frame, as fractions of its inner box (the map's own fit, for that size). */
function place(map: ResultsMapState) {
  const { center, providers } = map.data;
  const k = Math.cos((center.latitude * Math.PI) / 180);
  const all = [center, ...providers].map((p) => ({ e: (p.longitude - center.longitude) * k, n: p.latitude - center.latitude }));
  const span = (v: number[]) => [Math.min(...v), Math.max(...v)] as const;
  const [minE, maxE] = span(all.map((p) => p.e));
  const [minN, maxN] = span(all.map((p) => p.n));
  // About a mile at least, so one lot next door does not zoom to street level.
  const scale = Math.min(INNER.w / Math.max(maxE - minE, 0.0145), INNER.h / Math.max(maxN - minN, 0.0145));
  return all.map((p) => ({
    x: 0.5 + ((p.e - (minE + maxE) / 2) * scale) / INNER.w,
    y: 0.5 - ((p.n - (minN + maxN) / 2) * scale) / INNER.h,
  }));
}

const at = ({ x, y }: { x: number; y: number }) => ({
  left: `calc(${INSET.x}px + (100% - ${2 * INSET.x}px) * ${x.toFixed(4)})`,
  top: `calc(${INSET.top}px + (100% - ${INSET.top + INSET.bottom}px) * ${y.toFixed(4)})`,
});

export function ResultsMapPreview({ map, className }: { map: ResultsMapState; className?: string }) {
  const id = useId();
  const { data, locked, activeId } = map;
  const stay = stayText(data.providers);
  const [terminal, ...lots] = place(map);
  const live = (focus: boolean) => map.goLive(focus);
  // Reached by Tab or the pointer before the page was hydrated (those events are not replayed): go on now.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current!;
    if (el.contains(document.activeElement)) map.goLive(true);
    else if (el.matches(':hover')) map.goLive(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`Map of parking near ${data.label}`}
      aria-describedby={`${id}-hint`}
      data-testid="results-map-preview"
      onPointerEnter={() => live(false)}
      onTouchStart={() => live(false)}
      onFocus={() => live(true)}
      className={cn('relative overflow-hidden', className)}
    >
      <p id={`${id}-hint`} className="sr-only">
        {mapHint(map, stay)}
      </p>
      <svg className="absolute inset-0 size-full" aria-hidden="true">
        <defs>
          <pattern id={`${id}-grid`} width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="var(--color-border)" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${id}-grid)`} />
      </svg>
      <svg aria-hidden="true" viewBox="-10 -12 20 30" className="absolute top-2.5 right-2 h-7.5 w-5 fill-muted-foreground">
        <path d="M0 -10l5 11h-10z" />
        <text y="14" textAnchor="middle" fontSize="10" fontWeight="600">
          N
        </text>
      </svg>
      {/* Under the pins: the stand-in does not move pins off the terminal as the map does, and a price must stay readable. */}
      <svg aria-hidden="true" viewBox="-20 -20 40 56" style={at(terminal!)} className="absolute h-14 w-10 -translate-x-1/2 -translate-y-5">
        <TerminalMark kind={data.kind} label={data.kind === 'airport' ? data.code : 'Port'} />
      </svg>
      {locked ? (
        <MapLocked code={data.code} label={data.label} />
      ) : (
        <>
          {data.providers.map((p, i) => {
            const on = p.id === activeId;
            return (
              <button
                key={p.id}
                type="button"
                tabIndex={i === 0 ? 0 : -1}
                data-lot-pin={p.id}
                data-active={on || undefined}
                aria-label={pinLabel(p, stay)}
                onPointerEnter={(e) => e.pointerType === 'mouse' && map.hover(p.id)}
                onClick={() => {
                  map.select(p.id);
                  document.querySelector(`[data-lot-card="${p.id}"]`)?.scrollIntoView({ block: 'center' });
                }}
                style={{ ...at(lots[i]!), width: 16 + 7 * formatPrice(p.total).length, zIndex: on ? 30 : undefined }}
                className={cn(
                  'absolute flex h-7 -translate-x-1/2 -translate-y-[calc(100%+6px)] items-center justify-center rounded-full border text-xs font-semibold tracking-tight tabular-nums shadow-md',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background',
                )}
              >
                {formatPrice(p.total)}
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute -bottom-[5px] left-1/2 size-2.5 -translate-x-1/2 rotate-45 border-r border-b',
                    on ? 'border-primary bg-primary' : 'border-border bg-background',
                  )}
                />
              </button>
            );
          })}
          <p aria-hidden="true" className="absolute top-2 left-2 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium text-muted-foreground shadow-sm">
            {`Totals for ${stay}`}
          </p>
        </>
      )}
    </div>
  );
}

/** The terminal on a map (SVG children, centred on 0 0): a plane or an anchor in a dark disc, named below. */
export function TerminalMark({ kind, label }: { kind: string; label: string }) {
  return (
    <>
      <circle r="15" fill="var(--color-foreground)" stroke="#fff" strokeWidth="3" />
      {kind === 'airport' ? (
        <path d="M-7 3l14-6-3 9-4-3-3 5-1-4z" fill="#fff" />
      ) : (
        <path d="M0-7v13M-5-3h10M-7 2a7 7 0 0014 0" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      )}
      <text y="31" textAnchor="middle" fontSize="12" fontWeight="700" fill="var(--color-foreground)" stroke="var(--color-background)" strokeWidth="3" paintOrder="stroke">
        {label}
      </text>
    </>
  );
}

/** Over a map whose lots' locations are locked: why, and the way to unlock them. */
export function MapLocked({ code, label }: { code: string; label: string }) {
  const { openAccess } = useAccessDialog();
  return (
    <div className="absolute inset-x-3 bottom-3 flex flex-col items-center gap-2 rounded-lg border border-border bg-background/95 p-3 text-center shadow-sm">
      <p className="text-sm text-muted-foreground">Lot locations are part of the locked details.</p>
      <Button size="sm" variant="outline" onClick={() => openAccess({ locationCode: code, locationName: label })}>
        {`Unlock the map for ${ACCESS_FEE_TEXT}`}
      </Button>
    </div>
  );
}
