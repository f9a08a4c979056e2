// zod inputs of the parking guarantee (a lot turned the traveller away): which booking (its owner signed in, or
// its manage link), and the claim: move to a nearby lot (`lotId`) or a full refund (`refund: true`).
import { z } from './zod';
import { ZManageRef } from './manage';

export const ZGuaranteeRef = ZManageRef;
export type TGuaranteeRef = z.input<typeof ZGuaranteeRef>;

export const CLAIM_CHOICE_MESSAGE = 'Pick a nearby lot to move to, or ask for a refund.';

export const ZGuaranteeClaimInput = ZManageRef.extend({
  lotId: z.coerce.number({ error: 'lotId must be a lot id' }).int('lotId must be a lot id').positive('lotId must be a lot id').optional(),
  refund: z.boolean({ error: 'refund is true or absent' }).optional(),
  /** The Idempotency-Key header (REST) or the same value from the tRPC client: a repeat claims nothing twice. */
  idempotencyKey: z
    .string({ error: 'Idempotency-Key is required' })
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters'),
}).refine((v) => (v.lotId !== undefined) !== (v.refund === true), { message: CLAIM_CHOICE_MESSAGE, path: ['lotId'] });
export type TGuaranteeClaimInput = z.output<typeof ZGuaranteeClaimInput>;
