// Form pieces of the catalogue editors: a labelled field with its error beside it (aria-invalid and
// aria-describedby wired), a group of checkboxes, and turning zod issues into one message per field.
import type { ReactNode } from 'react';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/utils';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each field (the first key of each issue's path); '' for a form-wide one. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Props that tie a control to its label, hint and error. */
export function describe(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export function Field({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxGroup({ id, legend, options, value, onChange, error }: { id: string; legend: string; options: readonly string[]; value: string[]; onChange: (next: string[]) => void; error?: string }) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked ? 'border-primary/40 bg-primary/5' : 'border-input hover:bg-muted',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={checked}
                onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
              />
              {option}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
