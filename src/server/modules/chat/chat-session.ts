// Parking-chat conversations in chat_sessions: the turns (JSON strings in `messages`), the place talked
// about last (`location`), and the last search itself (place, dates, filters, sort) kept on the assistant's
// turn as `search`, so a follow-up ("any with valet?") searches the same place and dates.
import { eq } from 'drizzle-orm';
import { chatSessions } from '../../db/schema';
import type { Context } from '../../trpc/init';
import { AMENITY_FILTERS, SORTS, type TAmenityFilter } from '@/shared/search-options';
import type { TSort } from '@/shared/nlu/search-filters';

type Ctx = Pick<Context, 'db' | 'user'>;
export type ChatSession = typeof chatSessions.$inferSelect;

/** The search an assistant turn answered. */
export interface RememberedSearch {
  /** Location code, e.g. 'BOS'. */
  code: string;
  arrivalDate: string;
  departureDate: string;
  amenities: TAmenityFilter[];
  sort: TSort | null;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  search?: RememberedSearch;
}

const MAX_TURNS = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function loadSession(ctx: Ctx, sessionId: string): ChatSession | null {
  const row = ctx.db.select().from(chatSessions).where(eq(chatSessions.visitorId, sessionId)).get();
  // A session belongs to whoever started it: a signed-in user's conversation is theirs alone.
  if (row && row.userId && row.userId !== ctx.user?.id) return null;
  return row ?? null;
}

/** Only what we wrote ourselves is trusted back: a malformed turn is ignored, never thrown on. */
function asSearch(value: unknown): RememberedSearch | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.code !== 'string' || typeof v.arrivalDate !== 'string' || typeof v.departureDate !== 'string') return null;
  if (!DATE.test(v.arrivalDate) || !DATE.test(v.departureDate)) return null;
  const amenities = Array.isArray(v.amenities) ? v.amenities.filter((a): a is TAmenityFilter => typeof a === 'string' && a in AMENITY_FILTERS) : [];
  const sort = SORTS.find((s) => s === v.sort) ?? null;
  return { code: v.code, arrivalDate: v.arrivalDate, departureDate: v.departureDate, amenities, sort };
}

/** The last search of the conversation, from the newest assistant turn that carries one. */
export function lastSearch(session: ChatSession | null): RememberedSearch | null {
  const messages = session?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    let turn: unknown;
    try {
      turn = JSON.parse(messages[i]!);
    } catch {
      continue;
    }
    const search = turn && typeof turn === 'object' && (turn as { role?: unknown }).role === 'assistant' ? asSearch((turn as { search?: unknown }).search) : null;
    if (search) return search;
  }
  return null;
}

export function saveSession(ctx: Ctx, sessionId: string, existing: ChatSession | null, location: string | null, turns: Turn[]) {
  const now = new Date();
  const at = now.toISOString();
  const messages = [...(existing?.messages ?? []), ...turns.map((t) => JSON.stringify({ ...t, at }))].slice(-MAX_TURNS);
  if (existing) {
    ctx.db
      .update(chatSessions)
      .set({ messages, location: location ?? existing.location, userId: existing.userId ?? ctx.user?.id ?? null, updatedAt: now })
      .where(eq(chatSessions.id, existing.id))
      .run();
  } else {
    ctx.db.insert(chatSessions).values({ visitorId: sessionId, userId: ctx.user?.id ?? null, location, messages }).run();
  }
}
