// The floating assistant's panel (spec section 2): greets with suggestion chips after 0.5 s, replies after
// 1 s, and when the message names a place (or parking words with one) it starts the search after a 1.5 s
// pause. Cheap or security questions without a place get a prompt for the location; anything else a hint.
// Loaded when first opened; stays mounted (keeping the conversation) while closed.
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ChatInput } from '@/client/features/chat/chat-input';
import { ChatMessages, chatSessionId, newMessage, wait, type ChatMessage } from '@/client/features/chat/chat-messages';
import { SEARCH_TROUBLE } from '@/client/features/chat/parking-assistant';
import { useTRPC } from '@/client/lib/trpc';
import { ASSISTANT_GREETING_DELAY_MS, ASSISTANT_REPLY_DELAY_MS, ASSISTANT_SEARCH_TRIGGER_MS, POPULAR_DESTINATIONS } from '@/shared/constants';

const STARTERS = ['Parking at MCO next Friday for 3 days', 'Cheap parking near the Miami cruise port', 'Covered parking at LAX tomorrow', 'How does it work?'];
const PLACES = POPULAR_DESTINATIONS.map((d) => d.label);

export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: (restoreFocus?: boolean) => void }) {
  const trpc = useTRPC();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [, navigate] = useLocation();
  const send = useMutation(trpc.chat.send.mutationOptions());
  const inputRef = useRef<HTMLInputElement>(null);

  // A dialog: focus moves into it when it opens (the message field), Esc closes it.
  useEffect(() => {
    if (open) requestAnimationFrame(() => inputRef.current?.focus());
  }, [open]);

  useEffect(() => {
    if (!open || messages.length) return;
    const t = window.setTimeout(() => {
      setMessages([newMessage('assistant', 'Hi! Where are you flying or sailing from, and when? Pick a suggestion or type your own.')]);
      setSuggestions(STARTERS.slice(0, 4));
    }, ASSISTANT_GREETING_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [open, messages.length]);

  async function ask(message: string) {
    const trimmed = message.trim();
    if (!trimmed || waiting) return;
    setText('');
    setSuggestions([]);
    setMessages((m) => [...m, newMessage('user', trimmed)]);
    setWaiting(true);
    try {
      const [reply] = await Promise.all([send.mutateAsync({ message: trimmed, sessionId: chatSessionId() }), wait(ASSISTANT_REPLY_DELAY_MS)]);
      if (!('response' in reply)) return;
      setMessages((m) => [...m, newMessage('assistant', reply.response)]);
      if (reply.needsSearch && reply.location) {
        await wait(ASSISTANT_SEARCH_TRIGGER_MS);
        const q = new URLSearchParams({ location: reply.location });
        if (reply.arrivalDate) q.set('arrivalDate', reply.arrivalDate);
        if (reply.departureDate) q.set('departureDate', reply.departureDate);
        if (reply.sort && reply.sort !== 'price') q.set('sort', reply.sort);
        if (reply.amenities?.length) q.set('amenities', reply.amenities.join(','));
        onClose(false);
        navigate(`/?${q}`);
      } else {
        // A prompt for the place offers the popular ones; a hint offers the starters again.
        setSuggestions(/airport or cruise port|major airport code/i.test(reply.response) ? PLACES.slice(0, 6) : STARTERS.slice(0, 4));
      }
    } catch {
      setMessages((m) => [...m, newMessage('assistant', SEARCH_TROUBLE)]);
    } finally {
      setWaiting(false);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(text);
  };

  if (!open) return null;
  return (
    <div
      id="assistant-dialog"
      role="dialog"
      aria-modal="false"
      aria-labelledby="assistant-dialog-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="flex max-h-[calc(100dvh-7rem)] w-[min(22rem,calc(100vw-2.5rem))] flex-col overflow-hidden rounded-xl border border-border bg-background shadow-xl"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="assistant-dialog-title" className="font-semibold">
          Parking Assistant
        </h2>
        <span className="ml-auto flex items-center gap-1.5 text-xs font-medium text-success">
          <span className="size-2 rounded-full bg-success" aria-hidden="true" /> Online
        </span>
        <button
          type="button"
          onClick={() => onClose()}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close the assistant</span>
        </button>
      </div>
      <ChatMessages messages={messages} typing={waiting || !messages.length} label="Conversation with the assistant" className="h-72" />
      {suggestions.length > 0 && !waiting && (
        <ul className="flex flex-wrap gap-2 px-4 pb-3" aria-label="Suggestions">
          {suggestions.map((s) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => void ask(s)}
                className="rounded-full border border-border px-3 py-1.5 text-xs font-medium hover:border-primary hover:text-primary focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ChatInput
        inputRef={inputRef}
        text={text}
        setText={setText}
        onSubmit={submit}
        placeholder="LAX Airport, Miami Cruise Port..."
        label="Message the assistant"
        pending={waiting}
      />
    </div>
  );
}
