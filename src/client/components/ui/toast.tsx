// Toaster: renders the current toast from the toast store; mount once in the app layout.
import { useEffect, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { useToasts } from './use-toast';

export { dismiss, toast, useToasts, TOAST_DEFAULT_DURATION, TOAST_LIMIT } from './use-toast';
export type { Toast, ToastOptions, ToastVariant } from './use-toast';

// A toast's code arrives with the first toast (a few kB no page needs on arrival); the region is there from the
// start. Loaded by an effect rather than React.lazy: Suspense reveals content after a timer, which a page whose
// clock is paused (tests, a background tab) would hold back.
let ToastItem: typeof import('./toast-item').ToastItem | undefined;

export function Toaster({ className }: { className?: string }) {
  const toasts = useToasts();
  const [, setLoaded] = useState(Boolean(ToastItem));
  useEffect(() => {
    if (toasts.length && !ToastItem)
      void import('./toast-item').then((m) => {
        ToastItem = m.ToastItem;
        setLoaded(true);
      });
  }, [toasts.length]);
  const Item = ToastItem;

  // The region stays mounted (empty on the server) so screen readers already know it when a toast arrives.
  // Mobile: full width along the bottom; from sm up: bottom-right, max-w-sm.
  return (
    <section
      aria-label="Notifications"
      className={cn('pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-full sm:max-w-sm print:hidden', className)}
    >
      {Item && toasts.map((t) => <Item key={t.id} toast={t} />)}
    </section>
  );
}
