// The place field's suggestions (see location-combobox.tsx), loaded when the field is first focused: the places'
// data (search.places), the matching, the listbox and the keys. Up and Down move through the suggestions
// (aria-activedescendant on the field), Enter picks one (or, with none highlighted, submits what is typed),
// Escape closes the list and keeps the text. A picked suggestion searches by its code (an area by its words) while the field shows its name.
import { useQuery } from '@tanstack/react-query';
import { Anchor, MapPin, Plane } from 'lucide-react';
import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { suggest, type PlaceOption } from './place-matcher';

/** What the field calls into; `typed` says the traveller has typed since the page loaded. */
export interface FieldHandlers {
  typed: boolean;
  changed?: () => void;
  keyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  blur?: () => void;
}

const ICON = { airport: Plane, cruise_port: Anchor, area: MapPin } satisfies Record<PlaceOption['kind'], unknown>;

export default function PlaceSuggestions({
  listId,
  value,
  setValue,
  field,
  onAria,
}: {
  listId: string;
  value: string;
  setValue: (value: string) => void;
  field: RefObject<FieldHandlers>;
  onAria: (aria: { expanded: boolean; active?: string }) => void;
}) {
  const trpc = useTRPC();
  const places = useQuery(trpc.search.places.queryOptions());
  const [open, setOpen] = useState(field.current.typed);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<PlaceOption | null>(null);
  const options = open && places.data ? suggest(places.data, value) : [];
  const shown = options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const activeId = shown && active >= 0 ? optionId(active) : undefined;

  useEffect(() => onAria({ expanded: shown, active: activeId }), [shown, activeId, onAria]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: PlaceOption) => {
    setValue(option.label);
    setPicked(option);
    close();
  };

  // The field's handlers see this render's options and state (set after each commit, not during render).
  useLayoutEffect(() => {
    field.current.changed = () => {
      setOpen(true);
      setActive(-1);
    };
    field.current.blur = close;
    field.current.keyDown = keyDown;
  });

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : -1);
      } else if (n) setActive(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter' && shown && active >= 0) {
      // Enter picks the highlighted suggestion; with none highlighted it submits the form as typed.
      e.preventDefault();
      pick(options[active]!);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      close();
    }
  }

  const status = !open || !places.data || !value.trim() ? '' : shown ? `${n(options.length)}. Use Up and Down to choose.` : 'No airport, cruise port or city matches.';
  return (
    <>
      {picked && picked.label === value && <input type="hidden" name="place" value={picked.value} />}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested places"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-md border border-border bg-background py-1 shadow-lg"
      >
        {options.map((o, i) => {
          const Icon = ICON[o.kind];
          return (
            <li
              key={o.key}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so the list does not close before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
              className={cn('flex cursor-pointer items-start gap-2.5 px-3 py-2 text-sm hover:bg-muted', i === active && 'bg-secondary')}
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium leading-5">{o.label}</span>
                <span className="block text-xs text-muted-foreground">{o.detail}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}

const n = (count: number) => `${count} ${count === 1 ? 'suggestion' : 'suggestions'}`;
