// The search form's place field: a combobox (WAI-ARIA's list autocomplete) suggesting airports, cruise ports,
// cities and the states or regions that hold several of them. This part, in every first download, is the
// field itself; the suggestions (their data, matching, list and keys) load when the field is first focused
// (place-suggestions.tsx) and fill in the field's handlers.
import { Suspense, useId, useRef, useState } from 'react';
import { inputClasses } from '@/client/components/ui/input';
import { lazyWithPreload } from '@/client/lib/lazy';
import type { FieldHandlers } from './place-suggestions';

const PlaceSuggestions = lazyWithPreload(() => import('./place-suggestions'));

export function LocationCombobox({ id, name, defaultValue, placeholder }: { id: string; name: string; defaultValue: string; placeholder?: string }) {
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [aria, setAria] = useState<{ expanded: boolean; active?: string }>({ expanded: false });
  const [wanted, setWanted] = useState(false);
  const field = useRef<FieldHandlers>({ typed: false });
  const want = () => setWanted(true);
  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={aria.expanded}
        aria-controls={listId}
        aria-activedescendant={aria.active}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onFocus={want}
        onPointerDown={want}
        onChange={(e) => {
          setValue(e.target.value);
          field.current.typed = true;
          field.current.changed?.();
        }}
        onKeyDown={(e) => field.current.keyDown?.(e)}
        onBlur={() => field.current.blur?.()}
        className={inputClasses}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <PlaceSuggestions listId={listId} value={value} setValue={setValue} field={field} onAria={setAria} />
        </Suspense>
      ) : (
        <ul id={listId} role="listbox" aria-label="Suggested places" hidden />
      )}
    </div>
  );
}
