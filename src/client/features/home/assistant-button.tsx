// The floating assistant button (spec section 2); its panel loads when first opened.
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
  return (
    <div className="fixed bottom-5 right-5 z-30 flex flex-col items-end gap-3 print:hidden">
      {used && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={close} />
        </Suspense>
      )}
      <Button
        ref={toggle}
        size="icon"
        className="size-14 rounded-full shadow-lg"
        aria-expanded={open}
        aria-controls={used ? 'assistant-dialog' : undefined}
        aria-haspopup="dialog"
        aria-label={open ? 'Close parking assistant' : 'Open parking assistant'}
        onPointerEnter={() => void AssistantPanel.preload()}
        onClick={() => {
          setUsed(true);
          if (open) close(false);
          else setOpen(true);
        }}
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </Button>
    </div>
  );
}
