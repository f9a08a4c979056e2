// Label: a styled <label> for form fields; dims itself when the sibling field is disabled.
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

export type LabelProps = ComponentProps<'label'>;

export function Label({ className, ...props }: LabelProps) {
  return <label className={cn('text-sm font-medium leading-none text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70', className)} {...props} />;
}
