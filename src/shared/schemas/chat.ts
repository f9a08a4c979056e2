// zod inputs of the assistants and support (spec section 7): parking chat, SEO-page chat, support chat and
// support actions.
import { z } from './zod';

export const MESSAGE_REQUIRED = 'Message is required';

const message = z.string({ error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(1000, 'Please keep your message under 1,000 characters');
const turn = z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string().max(4000) });

export const ZChatInput = z.object({
  message,
  /** Sent by the client; ignored: the session says who is asking. */
  userId: z.unknown().optional(),
  lastSearchLocation: z.string().trim().max(120).nullish(),
  chatHistory: z.array(turn).max(50).optional(),
  /** A random id the browser keeps for this conversation (chat_sessions). */
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid chat session')
    .optional(),
  /** The SEO location page's chat: answers with `message` about this place. */
  context: z
    .object({
      location: z.string().trim().min(1).max(120),
      arrivalDate: z.string().trim().max(16).nullish(),
      departureDate: z.string().trim().max(16).nullish(),
      userType: z.enum(['guest', 'authenticated']).optional(),
    })
    .optional(),
});
export type TChatInput = z.input<typeof ZChatInput>;

export const ZSupportChatInput = z.object({
  message,
  userId: z.unknown().optional(),
  bookingHistory: z.unknown().optional(),
  conversationHistory: z.array(turn).max(5, 'Send at most the last 5 messages').optional(),
});

export const SUPPORT_ACTIONS = ['cancel', 'refund', 'receipt', 'contact_property'] as const;
export const ZSupportActionInput = z.object({
  type: z.enum(SUPPORT_ACTIONS, { error: 'Support action needs a booking and an action type' }).optional(),
  bookingId: z.coerce.number({ error: 'Support action needs a booking and an action type' }).int().positive('Support action needs a booking and an action type'),
  reason: z.string().trim().max(1000, 'Please keep it under 1,000 characters').optional().default(''),
});
