// A conversation: messages (user, assistant, system), a typing indicator while waiting, and auto-scroll.
import { useEffect, useRef } from 'react';
import { cn } from '@/client/lib/utils';
import type { ChatMessage } from './chat-message';

export { chatSessionId, newMessage, wait, type ChatMessage } from './chat-message';

export function ChatMessages({ messages, typing, className, label }: { messages: ChatMessage[]; typing: boolean; className?: string; label: string }) {
  const log = useRef<HTMLDivElement>(null);
  // Keep the newest message in view by scrolling the log itself: never the page (scrollIntoView would
  // pull the whole page down to the chat when it first renders on a phone).
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing]);
  return (
    <div ref={log} role="log" aria-label={label} aria-live="polite" className={cn('space-y-3 overflow-y-auto p-4', className)}>
      {messages.map((m) =>
        m.role === 'system' ? (
          <p key={m.id} className="mx-auto max-w-[90%] rounded-md bg-success/10 px-3 py-2 text-center text-xs text-success">
            {m.content}
          </p>
        ) : (
          <div key={m.id} className={cn('flex flex-col', m.role === 'user' ? 'items-end' : 'items-start')}>
            <p
              className={cn(
                'max-w-[85%] whitespace-pre-line rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
                m.role === 'user' ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
              )}
            >
              <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
              {m.content}
            </p>
            {m.extra && <div className="mt-2 w-full max-w-[85%]">{m.extra}</div>}
          </div>
        ),
      )}
      {typing && (
        <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3.5 py-3 w-fit" aria-label="Assistant is typing" role="status">
          {[0, 1, 2].map((i) => (
            <span key={i} className="size-1.5 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${i * 150}ms` }} />
          ))}
        </div>
      )}
    </div>
  );
}
