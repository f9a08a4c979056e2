// Stars as the reviews show them (read-only), and the month of a stay. Text stars, so no icon code comes with
// the lot page; the form's input is in star-input.tsx (not loaded with the lot page).
import { cn } from '@/client/lib/utils';

export function Stars({ value, className, label }: { value: number; className?: string; label?: string }) {
  const full = Math.round(value);
  return (
    <span className={cn('inline-flex items-center text-accent', className)} role="img" aria-label={label ?? `${value.toFixed(1).replace(/\.0$/, '')} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} aria-hidden="true" className={i <= full ? undefined : 'text-border'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** 'March 2026' from '2026-03'. */
export function stayMonthText(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
