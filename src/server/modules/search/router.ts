// Search over tRPC: providers for a location and dates, the search field's suggestions, and the signed-in
// user's recent searches.
import { ZSearchInput } from '@/shared/schemas/search';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as search from './search.service';
import { placeSuggestions } from './suggestions';

export const searchRouter = router({
  providers: publicProcedure.input(ZSearchInput).query(async ({ ctx, input }) => {
    const result = await search.searchProviders(ctx.db, input);
    // A query that writes: the search is recorded (on the primary) before the answer goes out. A choice among
    // an area's places is not a search yet: the place the traveller picks will be.
    if (ctx.user && input.record && !result.choices) {
      await search.recordSearch(ctx.db, ctx.user.id, input.location, result.location?.name ?? input.location, result.providers.length, {
        arrivalDate: input.arrivalDate,
        departureDate: input.departureDate,
      });
    }
    // The list shows cards: their fields only (the lot page reads the rest), so answers and pages stay small.
    return { ...result, providers: result.providers.map(search.toResultCard) };
  }),
  history: authedProcedure.query(({ ctx }) => search.listSearchHistory(ctx.db, ctx.user.id)),
  /** The search field's suggestions: places and the areas (states, regions) that hold several. */
  places: publicProcedure.query(({ ctx }) => placeSuggestions(ctx.db)),
});
