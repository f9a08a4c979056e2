// The catalogue in the back office (lots, places, CSV, audit log): admin only. Thin: input checked by the shared
// schemas, the work done by the services, who did it taken from the session for the audit log.
import { ZAuditInput, ZImportLotsInput, ZListLotsInput, ZLocationInput, ZLotIdInput, ZLotInput, ZUpdateLocationInput, ZUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import { adminProcedure, router } from '../../trpc/init';
import { auditPage } from './audit';
import { exportLotsCsv, importLotsCsv } from './csv';
import { createPlace, listPlaces, updatePlace } from './locations.service';
import { createLot, getLot, listLots, setLotPublished, updateLot } from './lots.service';

export const adminCatalogueRouter = router({
  lots: adminProcedure.input(ZListLotsInput).query(({ ctx, input }) => listLots(ctx.db, input)),
  lot: adminProcedure.input(ZLotIdInput).query(({ ctx, input }) => getLot(ctx.db, input.id)),
  createLot: adminProcedure.input(ZLotInput).mutation(({ ctx, input }) => createLot(ctx, ctx.user, input)),
  updateLot: adminProcedure.input(ZUpdateLotInput).mutation(({ ctx, input }) => updateLot(ctx, ctx.user, input)),
  publishLot: adminProcedure.input(ZLotIdInput).mutation(({ ctx, input }) => setLotPublished(ctx, ctx.user, input.id, true)),
  unpublishLot: adminProcedure.input(ZLotIdInput).mutation(({ ctx, input }) => setLotPublished(ctx, ctx.user, input.id, false)),

  locations: adminProcedure.query(({ ctx }) => listPlaces(ctx.db)),
  createLocation: adminProcedure.input(ZLocationInput).mutation(({ ctx, input }) => createPlace(ctx.db, ctx.user, input)),
  updateLocation: adminProcedure.input(ZUpdateLocationInput).mutation(({ ctx, input }) => updatePlace(ctx.db, ctx.user, input)),

  audit: adminProcedure.input(ZAuditInput).query(({ ctx, input }) => auditPage(ctx.db, input)),

  exportLots: adminProcedure.query(({ ctx }) => exportLotsCsv(ctx.db, ctx.clock.now())),
  importLots: adminProcedure.input(ZImportLotsInput).mutation(({ ctx, input }) => importLotsCsv(ctx, ctx.user, input)),
});
