// Parking-chat conversations in chat_sessions: the turns (JSON strings in `messages`), the place talked
// about last (`location`), and the last search itself (place, dates, filters, sort) kept on the assistant's
// turn as `search`, so a follow-up ("any with valet?") searches the same place and dates.
import { and, eq } from 'drizzle-orm';
import { chatSessions } from '../../db/schema';
import type { Context } from '../../deps';
import { AMENITY_FILTERS, SORTS, type TAmenityFilter } from '@/shared/search-options';
import type { TSort } from '@/shared/nlu/search-filters';

type Ctx = Pick<Context, 'db' | 'user'>;
export type ChatSession = typeof chatSessions.$inferSelect;

/** The search an assistant turn answered. */
export interface RememberedSearch {
  /** Location code, e.g. 'BOS'; '' for dates given before the place (the assistant asked where). */
  code: string;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:mm' for a start today (never in the past). */
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
/** How often a save is tried again after another request changed the session in between. */
const SAVE_TRIES = 5;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/;

export async function loadSession(ctx: Ctx, sessionId: string): Promise<ChatSession | null> {
  // visitor_id is not unique: the oldest row of an id is its conversation, on every engine.
  const [row] = await ctx.db.select().from(chatSessions).where(eq(chatSessions.visitorId, sessionId)).orderBy(chatSessions.id).limit(1);
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

/**
 * Appends turns to the conversation (keeping the last MAX_TURNS), or starts it. Two requests of one session
 * may save at once: each update is a compare-and-set on updated_at (which every save moves forward), and the
 * loser reads the session again and appends to what the winner wrote, so no turn is lost (a save that loses
 * SAVE_TRIES times in a row is dropped: the reply still goes out).
 */
export async function saveSession(ctx: Ctx, sessionId: string, existing: ChatSession | null, location: string | null, turns: Turn[]): Promise<void> {
  const at = new Date().toISOString();
  const added = turns.map((t) => JSON.stringify({ ...t, at }));
  if (!existing) {
    await ctx.db.insert(chatSessions).values({ visitorId: sessionId, userId: ctx.user?.id ?? null, location, messages: added.slice(-MAX_TURNS) });
    return;
  }
  let current: ChatSession | undefined = existing;
  for (let tries = 0; current && tries < SAVE_TRIES; tries++) {
    // Someone else's conversation (claimed in between by a signed-in user) is never written to.
    if (current.userId && current.userId !== ctx.user?.id) return;
    // Strictly later than the version read, even within one millisecond: a save always changes updated_at.
    const updatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    const saved = await ctx.db
      .update(chatSessions)
      .set({
        messages: [...current.messages, ...added].slice(-MAX_TURNS),
        location: location ?? current.location,
        userId: current.userId ?? ctx.user?.id ?? null,
        updatedAt,
      })
      .where(and(eq(chatSessions.id, current.id), eq(chatSessions.updatedAt, current.updatedAt)))
      .returning({ id: chatSessions.id });
    if (saved.length) return;
    [current] = await ctx.db.select().from(chatSessions).where(eq(chatSessions.id, current.id));
  }
}
