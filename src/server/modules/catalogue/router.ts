// Catalogue procedures: the location directory, one location, and coverage figures.
import { ZGetLocationInput, ZListLocationsInput } from '@/shared/schemas/catalogue';
import { notFound } from '../../errors';
import { publicProcedure, router } from '../../trpc/init';
import { getDirectoryStats, getLocation, listLocations } from './catalogue.service';

export const catalogueRouter = router({
  listLocations: publicProcedure.input(ZListLocationsInput).query(({ ctx, input }) => listLocations(ctx, input)),
  getLocation: publicProcedure.input(ZGetLocationInput).query(async ({ ctx, input }) => {
    const location = await getLocation(ctx, input.slug);
    if (!location) throw notFound('Location not found');
    return location;
  }),
  stats: publicProcedure.query(({ ctx }) => getDirectoryStats(ctx)),
});
