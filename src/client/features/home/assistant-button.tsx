// The floating assistant button (spec section 2); its panel loads when first opened.
import { MessageCircle, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { preloadable } from '@/client/lib/lazy';

const AssistantPanel = preloadable('assistant-panel', () => import('./assistant-panel'));

export function AssistantButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className="fixed bottom-5 right-5 z-30 flex flex-col items-end gap-3 print:hidden">
      {used && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <Button
        size="icon"
        className="size-14 rounded-full shadow-lg"
        aria-expanded={open}
        aria-label={open ? 'Close parking assistant' : 'Open parking assistant'}
        onPointerEnter={() => void AssistantPanel.preload()}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </Button>
    </div>
  );
}
