// The Parking Assistant panel (spec section 2): Online indicator, messages with a typing indicator, Enter
// sends (Shift+Enter does not), disabled while waiting. A reply that flags a search hands the place and dates
// to the results list after 1 s.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { CHAT_RESULTS_HANDOFF_MS } from '@/shared/constants';
import { ChatInput } from './chat-input';
import { ChatMessages, chatSessionId, newMessage, wait, type ChatMessage } from './chat-messages';

export interface ChatSearch {
  location: string;
  arrivalDate?: string;
  departureDate?: string;
  /** The order and the amenity filters the assistant understood: the results list applies them too. */
  sort?: string;
  amenities?: string[];
}

export const SEARCH_TROUBLE = "I'm having trouble searching for parking right now. Please try again in a moment.";

export function ParkingAssistant({ onSearch, lastSearchLocation }: { onSearch: (search: ChatSearch) => void; lastSearchLocation?: string | null }) {
  const trpc = useTRPC();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    newMessage('assistant', 'Hi! Tell me where and when you need parking, for example "MCO from March 3 to March 7" or "cheap parking near the Miami cruise port".'),
  ]);
  const [text, setText] = useState('');
  const send = useMutation(trpc.chat.send.mutationOptions());
  const waiting = send.isPending;
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const message = text.trim();
    if (!message || waiting) return;
    setText('');
    setMessages((m) => [...m, newMessage('user', message)]);
    try {
      const history = messages
        .filter((m) => m.role !== 'system')
        .slice(-10)
        .map((m) => ({ role: m.role, content: m.content }));
      const reply = await send.mutateAsync({ message, sessionId: chatSessionId(), lastSearchLocation: lastSearchLocation ?? undefined, chatHistory: history });
      if (!('response' in reply)) return;
      setMessages((m) => [...m, newMessage('assistant', reply.response)]);
      if ((reply.needsSearch || reply.showBookingOptions) && reply.location) {
        await wait(CHAT_RESULTS_HANDOFF_MS);
        onSearch({ location: reply.location, arrivalDate: reply.arrivalDate, departureDate: reply.departureDate, sort: reply.sort, amenities: reply.amenities });
      }
    } catch {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
      setMessages((m) => [...m, newMessage('assistant', SEARCH_TROUBLE)]);
    } finally {
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && event.shiftKey) event.preventDefault(); // Shift+Enter does not send
  }

  return (
    <section aria-labelledby="assistant-heading" className="overflow-hidden rounded-lg border border-border bg-background">
      <header className="flex items-center justify-between border-b border-border px-4 py-3">
        <h2 id="assistant-heading" className="font-semibold">
          Parking Assistant
        </h2>
        <span className="flex items-center gap-1.5 text-xs font-medium text-success">
          <span className="size-2 rounded-full bg-success" aria-hidden="true" /> Online
        </span>
      </header>
      <ChatMessages messages={messages} typing={waiting} label="Conversation with the parking assistant" className="max-h-[400px] min-h-[300px]" />
      <ChatInput
        inputRef={inputRef}
        text={text}
        setText={setText}
        onSubmit={submit}
        onKeyDown={onKeyDown}
        placeholder="LAX Airport, Miami Cruise Port..."
        label="Message the parking assistant"
        pending={waiting}
      />
    </section>
  );
}
