// How large a request body may be, by path: small for every API call, larger only where a person sends a file
// (a blog approval with its image, a lot photo, a lots CSV), each with the message the sender's form shows.
// A tRPC path names its procedure exactly (or a batch of them): the larger limit is for that procedure alone,
// never for a name that merely contains it or a batch that smuggles other calls in with it.
import { CSV_LIMITS } from '@/shared/schemas/catalogue-admin';
import { LOT_PHOTO_MAX_BYTES, LOT_PHOTO_MESSAGES } from '@/shared/schemas/lot-photos';

const KB = 1024;
const MB = 1024 * KB;
const TOO_LARGE = 'The request is too large.';
const TRPC = '/api/trpc/';

/** The procedures a tRPC request calls ('a.b' or a batch 'a.b,c.d'; the path as the router decoded it), or
 * null for any other path. */
export function trpcProcedures(path: string): string[] | null {
  return path.startsWith(TRPC) ? path.slice(TRPC.length).split(',') : null;
}

/** A path that calls exactly this procedure: its REST path, or tRPC naming it alone. */
const calls = (path: string, procedure: string, restPath: string) => {
  if (path === restPath) return true;
  const names = trpcProcedures(path);
  return names !== null && names.length === 1 && names[0] === procedure;
};

/** The lot photo upload (POST, multipart): the largest photo accepted plus room for the multipart framing. */
const isLotPhotoUpload = (path: string) => /^\/api\/admin\/lots\/[^/]+\/photos$/.test(path);
/** The lots CSV import, through REST or tRPC: the CSV sent as a JSON string (escaping can double it). */
const isLotsImport = (path: string) => calls(path, 'adminCatalogue.importLots', '/api/admin/lots/import');

export function bodyLimitFor(method: string, path: string): { bytes: number; message: string } {
  if (path.startsWith('/api/admin/blog/approve/')) return { bytes: 6 * MB, message: TOO_LARGE };
  if (method === 'POST' && isLotPhotoUpload(path)) return { bytes: LOT_PHOTO_MAX_BYTES + 64 * KB, message: LOT_PHOTO_MESSAGES.size };
  if (method === 'POST' && isLotsImport(path)) return { bytes: 2 * CSV_LIMITS.maxBytes + 64 * KB, message: 'The file is larger than 2 MB: split it into several files' };
  return { bytes: 512 * KB, message: TOO_LARGE };
}
