// The review form's stars: five buttons as one radio group (1 to 5), with a word for the choice.
import { cn } from '@/client/lib/utils';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five star buttons as one radio group; `name` ties the label to it. */
export function StarInput({
  name,
  label,
  value,
  onChange,
  error,
  large,
}: {
  name: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
  error?: string;
  large?: boolean;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className={cn('font-medium', large ? 'text-base' : 'text-sm')}>{label}</legend>
      <div role="radiogroup" aria-label={label} className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((i) => (
          <button
            key={i}
            type="button"
            role="radio"
            aria-checked={value === i}
            aria-label={`${i} ${i === 1 ? 'star' : 'stars'}`}
            data-testid={`${name}-${i}`}
            onClick={() => onChange(i)}
            className={cn(
              'grid place-items-center rounded-md leading-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              large ? 'size-11 text-3xl' : 'size-9 text-2xl',
              i <= value ? 'text-accent' : 'text-border hover:text-accent/60',
            )}
          >
            ★
          </button>
        ))}
        <span className="ml-2 text-sm text-muted-foreground" aria-live="polite">
          {WORDS[value] ?? ''}
        </span>
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
