// One toast on screen (toast.tsx's Toaster loads this with the first toast: no page shows one on arrival).
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { dismiss, type Toast } from './use-toast';

const variantClasses: Record<Toast['variant'], string> = {
  default: 'border-border bg-background text-foreground',
  success: 'border-success/30 bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

export function ToastItem({ toast }: { toast: Toast }) {
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
