// The row under every conversation: one line to type in and a send button, both off while an answer is awaited.
import { Send } from 'lucide-react';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';

export function ChatInput({
  inputRef,
  text,
  setText,
  onSubmit,
  onKeyDown,
  placeholder,
  label,
  pending,
}: {
  inputRef: Ref<HTMLInputElement>;
  text: string;
  setText: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  placeholder: string;
  /** The field's accessible name ("Message support"). */
  label: string;
  pending: boolean;
}) {
  return (
    <form onSubmit={onSubmit} className="flex gap-2 border-t border-border p-3">
      <Input
        ref={inputRef}
        name="message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={label}
        disabled={pending}
        maxLength={1000}
      />
      <Button type="submit" size="icon" disabled={pending || !text.trim()} aria-label="Send message">
        <Send className="size-4" aria-hidden="true" />
      </Button>
    </form>
  );
}
