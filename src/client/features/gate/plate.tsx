// A licence plate as the gate shows it: whole, never cut with an ellipsis (staff compare it with the car).
// Monospaced on a plate-like chip; a plate too long for its column wraps rather than hiding characters.
import { cn } from '@/client/lib/utils';

export function Plate({ value, className }: { value: string | null | undefined; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block max-w-full rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-sm font-semibold tracking-wide text-foreground [overflow-wrap:anywhere]',
        className,
      )}
    >
      {value || 'No plate'}
    </span>
  );
}
