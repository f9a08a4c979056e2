// Toaster: renders the current toast from the toast store; mount once in the app layout.
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { dismiss, useToasts, type Toast } from './use-toast';

export { dismiss, toast, useToasts, TOAST_DEFAULT_DURATION, TOAST_LIMIT } from './use-toast';
export type { Toast, ToastOptions, ToastVariant } from './use-toast';

const variantClasses: Record<Toast['variant'], string> = {
  default: 'border-border bg-background text-foreground',
  success: 'border-success/30 bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

function ToastItem({ toast }: { toast: Toast }) {
  const isError = toast.variant === 'destructive';
  const Icon = isError ? CircleAlert : toast.variant === 'success' ? CircleCheck : null;

  return (
    <div
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-11 shadow-lg',
        'transition-[opacity,translate] duration-300 ease-out starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none',
        variantClasses[toast.variant],
      )}
    >
      {Icon && <Icon className={cn('mt-0.5 size-5 shrink-0', toast.variant === 'success' && 'text-success')} aria-hidden="true" />}
      <div className="grid min-w-0 gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={cn('text-sm', isError ? 'text-destructive-foreground/90' : 'text-muted-foreground')}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className={cn(
          'absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-md transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring',
          isError
            ? 'text-destructive-foreground/80 hover:bg-white/10 hover:text-destructive-foreground focus-visible:ring-destructive-foreground'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        <X className="size-4" aria-hidden="true" />
        <span className="sr-only">Close notification</span>
      </button>
    </div>
  );
}

export function Toaster({ className }: { className?: string }) {
  const toasts = useToasts();

  // The region stays mounted (empty on the server) so screen readers already know it when a toast arrives.
  // Mobile: full width along the bottom; from sm up: bottom-right, max-w-sm.
  return (
    <section
      aria-label="Notifications"
      className={cn('pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-full sm:max-w-sm print:hidden', className)}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}
