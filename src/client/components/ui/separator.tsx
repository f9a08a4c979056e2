// Separator: a horizontal or vertical rule, optionally with centred text such as the sign-up "or" divider.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

export type SeparatorProps = ComponentProps<'div'> & {
  orientation?: 'horizontal' | 'vertical';
  /** Purely visual dividers are hidden from assistive tech; set false when it separates sections. */
  decorative?: boolean;
  /** Text shown in the middle of a horizontal rule, e.g. "or". */
  label?: ReactNode;
};

export function Separator({ orientation = 'horizontal', decorative = true, label, className, ...props }: SeparatorProps) {
  const semantics = decorative ? ({ role: 'none' } as const) : ({ role: 'separator', 'aria-orientation': orientation } as const);

  if (label != null && orientation === 'horizontal') {
    // No separator role here: its children are presentational, which would swallow the label text.
    return (
      <div className={cn('flex items-center gap-3 text-sm text-muted-foreground', className)} {...props}>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        <span>{label}</span>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
    );
  }

  return (
    <div
      data-orientation={orientation}
      className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px self-stretch', className)}
      {...semantics}
      {...props}
    />
  );
}
