// A labelled form field: the label, the control, a hint, and the error that replaces the hint, wired for
// assistive technology (the control's aria-invalid and aria-describedby from fieldControl). zod issues become
// one message per field with fieldErrors. Used by the traveller forms (features/auth/form-field) and the
// back office editors.
import type { ReactNode } from 'react';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/utils';

/** Props that tie a control to its label and to the hint or error shown below it. */
export function fieldControl(id: string, error?: string, hint?: boolean) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described } as const;
}

export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
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

/** A zod result's first message per field (the first key of each issue's path; 'form' for the form as a whole), or null when valid. */
export function fieldErrors(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): Record<string, string> | null {
  if (result.success || !result.error) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
