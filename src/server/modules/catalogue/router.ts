// Catalogue procedures: the location directory, one location, and coverage figures.
import { ZGetLocationInput, ZGetProviderInput, ZListLocationsInput } from '@/shared/schemas/catalogue';
import { notFound } from '../../errors';
import { publicProcedure, router } from '../../trpc/init';
import { getDirectoryStats, getLocation, getProvider, listLocations } from './catalogue.service';

export const catalogueRouter = router({
  listLocations: publicProcedure.input(ZListLocationsInput).query(({ ctx, input }) => listLocations(ctx, input)),
  getLocation: publicProcedure.input(ZGetLocationInput).query(async ({ ctx, input }) => {
    const location = await getLocation(ctx, input.slug);
    if (!location) throw notFound('Location not found');
    return location;
  }),
  getProvider: publicProcedure.input(ZGetProviderInput).query(async ({ ctx, input }) => {
    const provider = await getProvider(ctx, input.slug);
    if (!provider) throw notFound('Provider not found');
    return provider;
  }),
  stats: publicProcedure.query(({ ctx }) => getDirectoryStats(ctx)),
});
