// The traveller forms' text field: the design system's labelled field around an input (a password input with
// a show/hide toggle), and focusing the first invalid field.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Input, type InputProps } from '@/client/components/ui/input';
import { Field as LabelledField, fieldControl } from '@/client/components/ui/field';
import { cn } from '@/client/lib/utils';

export { fieldErrors } from '@/client/components/ui/field';

export interface FieldProps extends Omit<InputProps, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text input (a password input with its show/hide toggle for type="password"). */
export function Field({ label, error, hint, className, ...props }: FieldProps) {
  const id = useId();
  const control = { ...fieldControl(id, error, Boolean(hint)), ...props };
  return (
    <LabelledField id={id} label={label} error={error} hint={hint} className={className}>
      {props.type === 'password' ? <PasswordInput {...control} /> : <Input {...control} />}
    </LabelledField>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput({ className, ...props }: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}

/** Moves focus to the first invalid field of a form. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
