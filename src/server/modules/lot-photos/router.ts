// A lot's photos in the back office: list, upload, alt text, order, removal (admin only). The upload takes a
// file, so it is reached through its REST path (multipart); the rest also work over tRPC.
import { ZLotPhotoAltInput, ZLotPhotosInput, ZMoveLotPhotoInput, ZRemoveLotPhotoInput, ZReorderLotPhotosInput, ZUploadLotPhotoInput } from '@/shared/schemas/lot-photos';
import { adminProcedure, router } from '../../trpc/init';
import * as photos from './lot-photos.service';

export const adminPhotosRouter = router({
  list: adminProcedure.input(ZLotPhotosInput).query(({ ctx, input }) => photos.listPhotos(ctx.db, input.lotId)),
  upload: adminProcedure.input(ZUploadLotPhotoInput).mutation(({ ctx, input }) => photos.uploadPhoto(ctx, ctx.user, input)),
  setAlt: adminProcedure.input(ZLotPhotoAltInput).mutation(({ ctx, input }) => photos.setPhotoAlt(ctx.db, ctx.user, input)),
  move: adminProcedure.input(ZMoveLotPhotoInput).mutation(({ ctx, input }) => photos.movePhoto(ctx.db, ctx.user, input)),
  reorder: adminProcedure.input(ZReorderLotPhotosInput).mutation(({ ctx, input }) => photos.reorderPhotos(ctx.db, ctx.user, input)),
  remove: adminProcedure.input(ZRemoveLotPhotoInput).mutation(({ ctx, input }) => photos.removePhoto(ctx.db, ctx.user, input)),
});
