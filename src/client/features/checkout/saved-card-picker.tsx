// Saved cards at checkout: pick one (the default is preselected) or enter a new card.
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { cardBrandName } from '@/shared/format';

export function SavedCardPicker({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const trpc = useTRPC();
  const cards = useQuery(trpc.paymentMethods.list.queryOptions(undefined, { retry: false }));
  const list = cards.data ?? [];
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current || !cards.data) return;
    chosen.current = true;
    const preferred = cards.data.find((c) => c.is_default) ?? cards.data[0];
    if (preferred) onSelect(preferred.id);
  }, [cards.data, onSelect]);
  if (!list.length) return null;

  const option = (id: string | null, label: React.ReactNode) => (
    <label
      key={id ?? 'new'}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm transition-colors',
        selected === id ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted/50',
      )}
    >
      <input type="radio" name="savedCard" className="size-4 accent-primary" checked={selected === id} onChange={() => onSelect(id)} />
      {label}
    </label>
  );
  return (
    <div role="radiogroup" aria-label="Saved cards" className="space-y-2">
      {list.map((c) =>
        option(
          c.id,
          <>
            <CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{cardBrandName(c.card.brand)}</span>
            <span>{`•••• ${c.card.last4}`}</span>
            <span className="ml-auto text-muted-foreground">{`${String(c.card.exp_month).padStart(2, '0')}/${String(c.card.exp_year).slice(-2)}`}</span>
          </>,
        ),
      )}
      {option(null, <span className="font-medium">Use a new card</span>)}
    </div>
  );
}
