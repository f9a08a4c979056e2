// The location page's chat once it is used (location-chat.tsx loads it on the first focus of its question box):
// asks the catalogue's assistant about the place and shows the conversation. On failure: a fallback with the
// support phone.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { useConfig } from '@/client/lib/use-api';
import { newMessage, type ChatMessage } from './chat-message';
// Types only: importing the stand-in's module here would split it into a file of its own.
import type { ChatFormProps, LocationChatProps } from './location-chat';

/** The conversation, once there is one (never on the server's page): loaded with the first question. */
const ChatMessages = lazy(() => import('./chat-messages').then((m) => ({ default: m.ChatMessages })));

export function LiveChat({
  location,
  name,
  arrivalDate,
  departureDate,
  Form,
  initialText,
  sendNow,
  focused,
}: LocationChatProps & {
  /** The question box and its button, from the stand-in. */
  Form: ComponentType<ChatFormProps>;
  /** What was typed before this code arrived. */
  initialText: string;
  /** The question was sent before this code arrived: ask it now. */
  sendNow: boolean;
  /** Whether the box this form replaces has the focus (read once, before it is replaced). */
  focused: () => boolean;
}) {
  const trpc = useTRPC();
  const { user } = useSession();
  const { supportPhone } = useConfig();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState(initialText);
  const [hadFocus] = useState(focused);
  const box = useRef<HTMLTextAreaElement>(null);
  // The focus, and the caret at the end of what was typed, go on from the box this one replaced.
  useLayoutEffect(() => {
    const el = box.current;
    if (!hadFocus || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [hadFocus]);
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

  // Once, on arrival: the question sent while this code loaded.
  const [queued] = useState(sendNow);
  useEffect(() => {
    if (queued) void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, [queued]);

  return (
    <>
      {messages.length > 0 ? (
        <Suspense fallback={<div className="max-h-[400px]" />}>
          <ChatMessages messages={messages} typing={send.isPending} label={`Answers about ${name}`} className="max-h-[400px]" />
        </Suspense>
      ) : (
        <p className="px-4 pt-4 text-sm text-muted-foreground">Ask about prices, shuttles, distance to the terminal, covered or valet parking.</p>
      )}
      <Form name={name} text={text} setText={setText} box={box} pending={send.isPending} onSubmit={submit} onSend={() => void submit()} />
    </>
  );
}
