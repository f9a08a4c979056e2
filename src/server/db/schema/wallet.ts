// Apple Wallet: the devices that installed a booking's pass and asked to hear of its changes (the PassKit web
// service registers them). Nothing secret is kept: a pass's authentication token is derived, never stored.
import { k } from './_kit';
import { createdAt, id, timestamp } from './_columns';
import { bookings } from './bookings';

export const walletRegistrations = k.table(
  'wallet_registrations',
  {
    id: id(),
    /** The device's own id for its pass library (Apple's deviceLibraryIdentifier). */
    deviceId: k.text('device_id').notNull(),
    /** Where APNs reaches the device's Wallet when the pass changes. */
    pushToken: k.text('push_token').notNull(),
    passTypeId: k.text('pass_type_id').notNull(),
    bookingId: k
      .integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The pass's changes up to this time have been pushed to the device (set at registration). */
    notifiedAt: timestamp('notified_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [k.uniqueIndex('wallet_registrations_device_pass_unique').on(t.deviceId, t.passTypeId, t.bookingId), k.index('wallet_registrations_booking_idx').on(t.bookingId)],
);
