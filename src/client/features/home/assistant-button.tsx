// Floating assistant button: opens a small panel that greets and suggests where to start.
import { MessageCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ASSISTANT_GREETING_DELAY_MS } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';

const SUGGESTIONS = [
  { label: 'Parking at MCO', href: '/locations?q=MCO' },
  { label: 'Parking at LAX', href: '/locations?q=LAX' },
  { label: 'Cruise port parking', href: '/locations?tab=cruise-ports' },
  { label: 'How it works', href: '/how-it-works' },
];

export function AssistantButton() {
  const [open, setOpen] = useState(false);
  const [greeted, setGreeted] = useState(false);
  useEffect(() => {
    if (!open) return;
    const t = window.setTimeout(() => setGreeted(true), ASSISTANT_GREETING_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [open]);

  return (
    <div className="fixed bottom-5 right-5 z-30 flex flex-col items-end gap-3">
      {open && (
        <div
          role="dialog"
          aria-label="Parking assistant"
          className="w-[min(22rem,calc(100vw-2.5rem))] rounded-xl border border-border bg-background p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <p className="font-semibold">Parking Assistant</p>
            <span className="flex items-center gap-1.5 text-xs text-success">
              <span className="size-2 rounded-full bg-success" aria-hidden="true" /> Online
            </span>
          </div>
          <div className="mt-3 min-h-20">
            {greeted ? (
              <>
                <p className="rounded-lg bg-muted p-3 text-sm">
                  Hi! Where are you flying or sailing from? Pick a suggestion to get started.
                </p>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {SUGGESTIONS.map((s) => (
                    <li key={s.href}>
                      <Link
                        href={s.href}
                        onClick={() => setOpen(false)}
                        className="inline-block rounded-full border border-border px-3 py-1.5 text-xs font-medium hover:border-primary hover:text-primary"
                      >
                        {s.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Assistant is typing…
              </p>
            )}
          </div>
        </div>
      )}
      <Button
        size="icon"
        className="size-14 rounded-full shadow-lg"
        aria-expanded={open}
        aria-label={open ? 'Close parking assistant' : 'Open parking assistant'}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <X className="size-6" /> : <MessageCircle className="size-6" />}
      </Button>
    </div>
  );
}
