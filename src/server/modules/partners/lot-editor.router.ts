// A partner's lot editor beyond the lot's fields: its days (capacity, closures, day rates) and its photos, with
// the same services and inputs as the back office, each call checked against the caller's membership first
// (another partner's lot, or one outside their scope, is 404).
import { ZLotDaysChange, ZLotDaysRange } from '@/shared/schemas/lot-days';
import { ZLotPhotoAltInput, ZLotPhotosInput, ZMoveLotPhotoInput, ZRemoveLotPhotoInput, ZReorderLotPhotosInput, ZUploadLotPhotoInput } from '@/shared/schemas/lot-photos';
import { z } from 'zod';
import type { SessionUser } from '../../deps';
import type { DB } from '../../db/client';
import { authedProcedure, router } from '../../trpc/init';
import * as days from '../lot-days/lot-days.service';
import * as photos from '../lot-photos/lot-photos.service';
import { PORTAL_ROLES, requireLot, requireMembership } from './access';

const scoped = { partnerId: z.coerce.number().int().positive().optional() };

/** The caller may edit `lotId` (their partner's, in their scope), or 404. */
async function editable(db: DB, user: Pick<SessionUser, 'id' | 'role'>, input: { partnerId?: number; lotId: number }) {
  await requireLot(db, await requireMembership(db, user, input.partnerId, PORTAL_ROLES), input.lotId);
}

export const partnerLotEditorRouter = router({
  days: authedProcedure.input(ZLotDaysRange.and(z.object(scoped))).query(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return days.listLotDays(ctx, input);
  }),
  updateDays: authedProcedure.input(ZLotDaysChange.and(z.object(scoped))).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return days.changeLotDays(ctx, ctx.user, input);
  }),
  photos: authedProcedure.input(ZLotPhotosInput.extend(scoped)).query(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.listPhotos(ctx.db, input.lotId);
  }),
  uploadPhoto: authedProcedure.input(ZUploadLotPhotoInput.extend(scoped)).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.uploadPhoto(ctx, ctx.user, input);
  }),
  setPhotoAlt: authedProcedure.input(ZLotPhotoAltInput.extend(scoped)).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.setPhotoAlt(ctx.db, ctx.user, input);
  }),
  movePhoto: authedProcedure.input(ZMoveLotPhotoInput.extend(scoped)).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.movePhoto(ctx.db, ctx.user, input);
  }),
  reorderPhotos: authedProcedure.input(ZReorderLotPhotosInput.extend(scoped)).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.reorderPhotos(ctx.db, ctx.user, input);
  }),
  removePhoto: authedProcedure.input(ZRemoveLotPhotoInput.extend(scoped)).mutation(async ({ ctx, input }) => {
    await editable(ctx.db, ctx.user, input);
    return photos.removePhoto(ctx.db, ctx.user, input);
  }),
});
