// Spinner: an inline loading indicator with a screen-reader label.
import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/utils';

export type SpinnerProps = ComponentProps<'span'> & {
  /** Text announced to screen readers; defaults to "Loading". */
  label?: string;
  /** Classes for the icon itself (size, colour). */
  iconClassName?: string;
};

export function Spinner({ label = 'Loading', className, iconClassName, ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)} {...props}>
      <Loader2 className={cn('size-5 animate-spin text-muted-foreground', iconClassName)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
