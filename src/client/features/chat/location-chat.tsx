// The SEO location page's chat: questions about one place (prices, shuttle, distance) answered from the
// catalogue. What the page first shows is the chat's frame and its form, drawn by the server and usable at once;
// the code that asks and shows the answers (location-chat-live.tsx) loads when the visitor first focuses the
// question box, and a question sent before it has arrived is asked as soon as it has.
import { MessageSquare } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { lazyWithPreload } from '@/client/lib/lazy';

const LiveChat = lazyWithPreload(() => import('./location-chat-live').then((m) => ({ default: m.LiveChat })));

export interface LocationChatProps {
  location: string;
  name: string;
  arrivalDate?: string;
  departureDate?: string;
}

export function LocationChat(props: LocationChatProps) {
  const [text, setText] = useState('');
  // 'send': a question was sent before the chat's code arrived, so it asks it on arrival. Set once the code is
  // there: until then this form stays in place, with the focus and what is typed.
  const [live, setLive] = useState<false | 'focus' | 'send'>(false);
  const start = (how: 'focus' | 'send') => void LiveChat.preload().then(() => setLive((l) => (how === 'send' ? how : l || how)));
  const box = useRef<HTMLTextAreaElement>(null);
  // Focused before the page was hydrated (that focus event is not replayed): go on now.
  useEffect(() => {
    if (document.activeElement === box.current) start('focus');
  }, []);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim()) start('send');
  };
  const idle = (
    <>
      <p className="px-4 pt-4 text-sm text-muted-foreground">Ask about prices, shuttles, distance to the terminal, covered or valet parking.</p>
      <ChatForm name={props.name} text={text} setText={setText} box={box} onFocus={() => start('focus')} onSubmit={send} onSend={send} />
    </>
  );
  return (
    <section aria-labelledby="location-chat-heading" className="overflow-hidden rounded-lg border border-border bg-background">
      <header className="flex items-center gap-2 border-b border-border px-4 py-3">
        <MessageSquare className="size-4 text-primary" aria-hidden="true" />
        <h2 id="location-chat-heading" className="font-semibold">{`Questions about parking at ${props.name}?`}</h2>
      </header>
      <Suspense fallback={idle}>
        {live ? (
          <LiveChat {...props} Form={ChatForm} initialText={text} sendNow={live === 'send'} focused={() => box.current !== null && document.activeElement === box.current} />
        ) : (
          idle
        )}
      </Suspense>
    </section>
  );
}

export type ChatFormProps = Parameters<typeof ChatForm>[0];

/** The question box and its button, the same before and after the chat's code has arrived (handed to it as `Form`). */
function ChatForm({
  name,
  text,
  setText,
  box,
  pending = false,
  onFocus,
  onSubmit,
  onSend,
}: {
  name: string;
  text: string;
  setText: (text: string) => void;
  box?: RefObject<HTMLTextAreaElement | null>;
  pending?: boolean;
  onFocus?: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Enter sends; Shift+Enter inserts a newline. */
  onSend: () => void;
}) {
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 p-4">
      <Textarea
        ref={box}
        name="question"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
        onFocus={onFocus}
        rows={2}
        maxLength={1000}
        placeholder={`Is there a shuttle at ${name}?`}
        aria-label={`Ask about parking at ${name}`}
        disabled={pending}
        className="min-h-0 resize-none"
      />
      <Button type="submit" disabled={pending || !text.trim()}>
        {/* Lucide's "send", drawn here: one icon is not worth a file of its own on the page's first visit. */}
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
          <path d="M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11zm7.318-19.539-10.94 10.939" />
        </svg>{' '}
        Ask
      </Button>
    </form>
  );
}
