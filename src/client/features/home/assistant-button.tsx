// The assistant's button (spec section 2: floating) and its panel, which loads when first opened. From the sm
// breakpoint on it floats at the bottom right, in the page's margin; on phones there is no margin, so a
// floating button would sit on the prices and the footer: it stays in the page (at the end of its content)
// and only the open panel floats.
import { MessageCircle, X } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { preloadable } from '@/client/lib/lazy';

const AssistantPanel = preloadable('assistant-panel', () => import('./assistant-panel'));

export function AssistantButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Closing (Esc, the close button, a search hand-off) gives focus back to the button that opened it.
  const close = (restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) requestAnimationFrame(() => toggle.current?.focus());
  };
  const label = open ? 'Close parking assistant' : 'Open parking assistant';
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 sm:p-0 print:hidden">
      {used && (
        <div className="fixed inset-x-3 bottom-3 z-40 flex justify-center sm:inset-x-auto sm:right-3 sm:bottom-20">
          <Suspense fallback={null}>
            <AssistantPanel open={open} onClose={close} />
          </Suspense>
        </div>
      )}
      <Button
        ref={toggle}
        variant="outline"
        className="w-full sm:fixed sm:right-3 sm:bottom-4 sm:z-30 sm:size-12 sm:rounded-full sm:border-transparent sm:bg-primary sm:p-0 sm:text-primary-foreground sm:shadow-lg sm:hover:bg-primary-hover"
        aria-expanded={open}
        aria-controls={used ? 'assistant-dialog' : undefined}
        aria-haspopup="dialog"
        onPointerEnter={() => void AssistantPanel.preload()}
        onClick={() => {
          setUsed(true);
          if (open) close(false);
          else setOpen(true);
        }}
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <MessageCircle className="size-5" aria-hidden="true" />}
        <span className="sm:sr-only">{label}</span>
      </Button>
    </div>
  );
}
