// NativeSelect: a styled native <select>, kept native for accessibility, mobile pickers and SSR.
import type { ComponentProps, CSSProperties } from 'react';
import { cn } from '@/client/lib/utils';

// The chevron is a background image (lucide chevron-down in the muted-foreground colour) rather than
// a sibling icon, so the component stays a single element and margins/widths passed in className
// don't push an absolutely positioned icon out of place.
const CHEVRON: CSSProperties = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23475569' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 0.75rem center',
  backgroundSize: '1rem',
};

export type NativeSelectProps = ComponentProps<'select'>;

export function NativeSelect({ className, style, children, ...props }: NativeSelectProps) {
  return (
    <select
      className={cn(
        'flex h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-sm text-foreground shadow-xs transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive',
        className,
      )}
      style={{ ...CHEVRON, ...style }}
      {...props}
    >
      {children}
    </select>
  );
}
