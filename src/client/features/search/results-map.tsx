// The lots of a results list on a map around their terminal or port, drawn from coordinates (SVG, no map
// tiles, nothing fetched): each lot is a price pin (a real button) for its total; pins and result cards
// share the active lot. Loaded on demand by results-map-state.tsx, in place of its stand-in (results-map-preview.tsx).
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '@/client/lib/utils';
import { formatPrice } from '@/shared/pricing';
import { fitMap, placePins, scaleBar, type PlacedPin, type Rect } from './map-projection';
import { MapLotSummary } from './map-lot-summary';
import { MapLocked, mapHint, pinLabel, stayText, TerminalMark } from './results-map-preview';
import { useResultsMap, useWide, type ResultsMapState } from './results-map-state';

const PIN_H = 28;
/** A pin's width for its text ('$91.94'): 12 px tabular figures, about 7 px each, and the padding. */
const pinWidth = (text: string) => 16 + 7 * text.length;
const TAIL = 6;
// Room for a pin standing above a point at the top edge, half a pin at the sides, the terminal's label below.
const INSETS = { top: PIN_H + TAIL + 8, right: 30, bottom: 34, left: 30 };

/** The result card of a lot (results-list.tsx marks each with data-lot-card). */
const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-lot-card="${id}"]`);

export function ResultsMap({ className }: { className?: string }) {
  const map = useResultsMap()!;
  const wide = useWide();
  const { locked } = map;
  // Below lg the list is hidden behind the map: "Show in list" switches back and brings the card into view.
  const showInList = (id: number) => {
    map.select(id);
    flushSync(() => map.setView('list'));
    const card = cardOf(id);
    card?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'center' });
  };
  return (
    <>
      <MapCanvas map={map} locked={locked} named={wide} className={className} onPick={(id) => wide && cardOf(id)?.scrollIntoView({ block: 'center' })} />
      {!wide && !locked && <MapLotSummary map={map} onShowInList={showInList} />}
    </>
  );
}

function MapCanvas({
  map,
  locked,
  named,
  className,
  onPick,
}: {
  map: ResultsMapState;
  locked: boolean;
  /** Name the active lot above its pin (beside the list, where its card may be out of view). */
  named: boolean;
  className?: string;
  onPick: (id: number) => void;
}) {
  const { data, activeId, selectedId } = map;
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const pins = useRef(new Map<number, HTMLButtonElement>());
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = ref.current!;
    const measure = () => setSize((s) => (s && s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const lots = data.providers;
  const stay = stayText(lots);
  const place = data.kind === 'airport' ? data.code : 'Port';
  // The pin that Tab lands on: the one last moved to with the arrow keys, else the selected one, else the first.
  const ids = lots.map((p) => p.id);
  const tabStop = [cursor, selectedId].find((v) => v !== null && ids.includes(v)) ?? ids[0];

  // Reached by keyboard on the stand-in: the focus goes on to the same place on the map once it is drawn.
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    if (handedOver.current || map.live !== 'focus') return;
    const target = ref.current?.querySelector<HTMLElement>('[data-lot-pin][tabindex="0"], button');
    if (!target) return;
    handedOver.current = true;
    target.focus();
  }, [size, map.live]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = ids[(next + ids.length) % ids.length]!;
    setCursor(target);
    pins.current.get(target)?.focus();
  };

  let body = null;
  if (size && size.w > 0 && size.h > 0) {
    const fit = fitMap(data.center, locked ? [] : lots, size.w, size.h, INSETS);
    const t = fit.project(data.center);
    const scale = scaleBar(fit.pxPerMile, Math.min(110, size.w / 3));
    // No pin over the terminal and its label, the stay's chip, the north arrow or the scale.
    const keepOut: Rect[] = [
      { left: t.x - 16, top: t.y - 16, right: t.x + 16, bottom: t.y + 36 },
      { left: 0, top: 0, right: 24 + 6.5 * `Totals for ${stay}`.length, bottom: 32 },
      { left: size.w - 32, top: 0, right: size.w, bottom: 40 },
      { left: 0, top: size.h - 26, right: scale.px + 52, bottom: size.h },
    ];
    const boxes = lots.map((p) => {
      const { x, y } = fit.project(p);
      return { id: p.id, x, y, w: pinWidth(formatPrice(p.total)), h: PIN_H };
    });
    const placed = new Map(placePins(boxes, { width: size.w, height: size.h }, keepOut, TAIL).map((p) => [p.id, p]));
    // Rings around the terminal every scale step, out to the farthest corner.
    const far = Math.max(
      ...[
        [0, 0],
        [size.w, 0],
        [0, size.h],
        [size.w, size.h],
      ].map(([x, y]) => Math.hypot(x! - t.x, y! - t.y)),
    );
    const rings = Array.from({ length: Math.min(12, Math.floor(far / scale.px)) }, (_, i) => (i + 1) * scale.px);

    body = (
      <>
        <svg className="absolute inset-0 size-full" viewBox={`0 0 ${size.w} ${size.h}`} aria-hidden="true">
          <defs>
            <pattern id={`${id}-grid`} width="32" height="32" patternUnits="userSpaceOnUse">
              <path d="M32 0H0V32" fill="none" stroke="var(--color-border)" strokeWidth="1" />
            </pattern>
          </defs>
          <rect width={size.w} height={size.h} fill={`url(#${id}-grid)`} />
          {rings.map((r) => (
            <circle key={r} cx={t.x} cy={t.y} r={r} fill="none" stroke="var(--color-input)" strokeDasharray="4 5" />
          ))}
          {!locked &&
            boxes.map((b) => {
              const pin = placed.get(b.id)!;
              const on = b.id === activeId;
              return (
                <g key={b.id} fill={on ? 'var(--color-primary)' : 'var(--color-foreground)'} stroke={on ? 'var(--color-primary)' : 'var(--color-muted-foreground)'}>
                  {pin.nudged && <line x1={b.x} y1={b.y} x2={pin.left + b.w / 2} y2={pin.top + PIN_H / 2} strokeWidth="1.5" />}
                  <circle cx={b.x} cy={b.y} r="3.5" stroke="#fff" strokeWidth="1.5" />
                </g>
              );
            })}
          <g transform={`translate(${t.x} ${t.y})`}>
            <TerminalMark kind={data.kind} label={place} />
          </g>
          {!locked && (
            <g transform={`translate(12 ${size.h - 14})`} fontSize="11" fill="var(--color-muted-foreground)">
              <path d={`M0 -5V0H${scale.px}V-5`} fill="none" stroke="var(--color-muted-foreground)" strokeWidth="1.5" />
              <text x={scale.px + 6} y="1">
                {scale.label}
              </text>
            </g>
          )}
          <g transform={`translate(${size.w - 18} 22)`} fill="var(--color-muted-foreground)">
            <path d="M0 -10l5 11h-10z" />
            <text y="14" textAnchor="middle" fontSize="10" fontWeight="600">
              N
            </text>
          </g>
        </svg>
        {locked ? (
          <MapLocked code={data.code} label={data.label} />
        ) : (
          lots.map((p, index) => {
            const box = boxes[index]!;
            const pin = placed.get(p.id)!;
            const on = p.id === activeId;
            const soldOut = p.availableSpaces === 0;
            // The total to the cent, as its card shows it.
            return (
              <button
                key={p.id}
                ref={(el) => void (el ? pins.current.set(p.id, el) : pins.current.delete(p.id))}
                type="button"
                tabIndex={p.id === tabStop ? 0 : -1}
                data-lot-pin={p.id}
                data-active={on || undefined}
                aria-current={p.id === selectedId || undefined}
                aria-label={pinLabel(p, stay)}
                onPointerEnter={(e) => e.pointerType === 'mouse' && map.hover(p.id)}
                onPointerLeave={(e) => e.pointerType === 'mouse' && map.hover(null)}
                onFocus={() => map.hover(p.id)}
                onBlur={() => map.hover(null)}
                onKeyDown={(e) => onKeyDown(e, index)}
                onClick={() => {
                  setCursor(p.id);
                  map.select(p.id);
                  onPick(p.id);
                }}
                style={{ left: pin.left, top: pin.top, width: box.w, height: PIN_H, zIndex: on ? 30 : p.id === selectedId ? 20 : undefined }}
                className={cn(
                  'absolute flex items-center justify-center rounded-full border text-xs font-semibold tracking-tight tabular-nums shadow-md transition-[transform,background-color,color] duration-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none motion-reduce:transition-none',
                  on ? 'scale-110 border-primary bg-primary text-primary-foreground' : 'border-border bg-background text-foreground hover:border-primary',
                  soldOut && !on && 'text-muted-foreground line-through',
                  p.id === selectedId && !on && 'border-primary text-primary',
                )}
              >
                {formatPrice(p.total)}
                {!pin.nudged && (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute -bottom-[5px] left-1/2 size-2.5 -translate-x-1/2 rotate-45 border-r border-b',
                      on ? 'border-primary bg-primary' : 'border-border bg-background',
                    )}
                  />
                )}
              </button>
            );
          })
        )}
        {named && !locked && activeId !== null && placed.has(activeId) && (
          <PinName map={map} pin={placed.get(activeId)!} width={boxes.find((b) => b.id === activeId)!.w} frame={size.w} />
        )}
        {!locked && (
          <p aria-hidden="true" className="absolute top-2 left-2 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium text-muted-foreground shadow-sm">
            {`Totals for ${stay}`}
          </p>
        )}
      </>
    );
  }

  return (
    <div
      ref={ref}
      role="group"
      aria-label={`Map of parking near ${data.label}`}
      aria-describedby={`${id}-hint`}
      data-testid="results-map"
      className={cn('relative overflow-hidden', className)}
    >
      <p id={`${id}-hint`} className="sr-only">
        {mapHint(map, stay)}
      </p>
      {body}
    </div>
  );
}

/** The active lot's name over its pin (under it near the top edge), kept inside the map. */
function PinName({ map, pin, width, frame }: { map: ResultsMapState; pin: PlacedPin; width: number; frame: number }) {
  const name = map.data.providers.find((p) => p.id === pin.id)!.name;
  const w = Math.min(200, 16 + 7 * name.length);
  const left = Math.min(Math.max(4, pin.left + width / 2 - w / 2), frame - w - 4);
  const top = pin.top < 34 ? pin.top + PIN_H + 8 : pin.top - 30;
  return (
    <p
      aria-hidden="true"
      style={{ left, top, maxWidth: w }}
      className="pointer-events-none absolute z-40 truncate rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md"
    >
      {name}
    </p>
  );
}
