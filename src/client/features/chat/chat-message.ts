// A chat message and the helpers the chats share, apart from the conversation view (chat-messages.tsx), so a
// chat that shows no conversation yet (the location page's) does not load the view with the page.
import type { ReactNode } from 'react';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  timestamp: number;
  /** Extra content under an assistant message (suggestion chips, a booking card). */
  extra?: ReactNode;
}

let counter = 0;
export const newMessage = (role: ChatMessage['role'], content: string, extra?: ReactNode): ChatMessage => ({
  id: `m${Date.now()}-${++counter}`,
  role,
  content,
  timestamp: Date.now(),
  extra,
});

/** The conversation id this tab keeps for the parking assistant (chat_sessions on the server). */
export function chatSessionId(): string | undefined {
  try {
    let id = sessionStorage.getItem('pp:chatSession');
    if (!id) {
      id = (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
      sessionStorage.setItem('pp:chatSession', id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
