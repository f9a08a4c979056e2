// Random bytes for ids and tokens, from the system's CSPRNG drawn a page at a time. node:crypto's randomBytes
// costs about 5 µs a call whatever its size, and a booking draws six (its key's owner, the gateway's two ids,
// its link's token, the e-mail's id and file name); cut from one draw, each costs a tenth of that. Every byte
// is handed out once (Node's randomUUID keeps such a pool too).
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** `size` random bytes, a copy of its own. */
export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES / 8) return randomFillSync(Buffer.alloc(size));
  if (used + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}

/** `size` random bytes as hex (twice as many characters). */
export const randomHex = (size: number): string => randomBytesPooled(size).toString('hex');
