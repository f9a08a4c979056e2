// The SEO location page's chat: questions about one place (prices, shuttle, distance) answered from the
// catalogue. Enter sends; Shift+Enter inserts a newline. On failure: a fallback with the support phone.
import { useMutation } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { newMessage, type ChatMessage } from './chat-message';

/** The conversation, once there is one (never on the server's page): loaded with the first question. */
const ChatMessages = lazy(() => import('./chat-messages').then((m) => ({ default: m.ChatMessages })));

export function LocationChat({ location, name, arrivalDate, departureDate }: { location: string; name: string; arrivalDate?: string; departureDate?: string }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const { supportPhone } = useConfig();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const send = useMutation(trpc.chat.send.mutationOptions());

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const message = text.trim();
    if (!message || send.isPending) return;
    setText('');
    setMessages((m) => [...m, newMessage('user', message)]);
    try {
      const reply = await send.mutateAsync({ message, context: { location, arrivalDate, departureDate, userType: user ? 'authenticated' : 'guest' } });
      setMessages((m) => [...m, newMessage('assistant', 'message' in reply ? reply.message : reply.response)]);
    } catch {
      setMessages((m) => [
        ...m,
        newMessage('assistant', `I'm currently experiencing technical difficulties. Please call us at ${supportPhone} and we'll help you find parking at ${name}.`),
      ]);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <section aria-labelledby="location-chat-heading" className="overflow-hidden rounded-lg border border-border bg-background">
      <header className="flex items-center gap-2 border-b border-border px-4 py-3">
        <MessageSquare className="size-4 text-primary" aria-hidden="true" />
        <h2 id="location-chat-heading" className="font-semibold">{`Questions about parking at ${name}?`}</h2>
      </header>
      {messages.length > 0 ? (
        <Suspense fallback={<div className="max-h-[400px]" />}>
          <ChatMessages messages={messages} typing={send.isPending} label={`Answers about ${name}`} className="max-h-[400px]" />
        </Suspense>
      ) : (
        <p className="px-4 pt-4 text-sm text-muted-foreground">Ask about prices, shuttles, distance to the terminal, covered or valet parking.</p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2 p-4">
        <Textarea
          name="question"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={1000}
          placeholder={`Is there a shuttle at ${name}?`}
          aria-label={`Ask about parking at ${name}`}
          disabled={send.isPending}
          className="min-h-0 resize-none"
        />
        <Button type="submit" disabled={send.isPending || !text.trim()}>
          <Send className="size-4" aria-hidden="true" /> Ask
        </Button>
      </form>
    </section>
  );
}
