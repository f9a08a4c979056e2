CREATE TABLE `guest_credits` (
	`email` text PRIMARY KEY NOT NULL,
	`balance` real DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`provider_id` integer NOT NULL,
	`confirmation_number` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`arrival_date` text NOT NULL,
	`departure_date` text NOT NULL,
	`vehicle_make` text NOT NULL,
	`vehicle_model` text NOT NULL,
	`license_plate` text DEFAULT '' NOT NULL,
	`parking_fee` real NOT NULL,
	`price_lines` text,
	`service_fee` real NOT NULL,
	`credit_applied` real DEFAULT 0 NOT NULL,
	`total_fee` real NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`hold_expires_at` integer,
	`payment_intent_id` text,
	`payment_key` text,
	`card_brand` text,
	`card_last4` text,
	`refunded_amount` real DEFAULT 0 NOT NULL,
	`non_refundable_cents` integer DEFAULT 0 NOT NULL,
	`cancellation_reason` text,
	`cancelled_at` integer,
	`checked_in_at` integer,
	`checked_in_by` integer,
	`checked_out_at` integer,
	`checked_out_by` integer,
	`pending_change_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "user_id", "provider_id", "confirmation_number", "first_name", "last_name", "email", "phone", "arrival_date", "departure_date", "vehicle_make", "vehicle_model", "license_plate", "parking_fee", "price_lines", "service_fee", "credit_applied", "total_fee", "status", "hold_expires_at", "payment_intent_id", "payment_key", "card_brand", "card_last4", "refunded_amount", "non_refundable_cents", "cancellation_reason", "cancelled_at", "checked_in_at", "checked_in_by", "checked_out_at", "checked_out_by", "pending_change_id", "created_at") SELECT "id", "user_id", "provider_id", "confirmation_number", "first_name", "last_name", "email", "phone", "arrival_date", "departure_date", "vehicle_make", "vehicle_model", "license_plate", "parking_fee", "price_lines", "service_fee", "credit_applied", "total_fee", "status", "hold_expires_at", "payment_intent_id", "payment_key", "card_brand", "card_last4", "refunded_amount", "non_refundable_cents", "cancellation_reason", "cancelled_at", "checked_in_at", "checked_in_by", "checked_out_at", "checked_out_by", "pending_change_id", "created_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_confirmation_number_unique` ON `bookings` (`confirmation_number`);--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_provider_dates_idx` ON `bookings` (`provider_id`,`status`,`arrival_date`,`departure_date`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_email_idx` ON `bookings` (`email`);--> statement-breakpoint
CREATE TABLE `__new_information_access` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`email` text,
	`location` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount` real NOT NULL,
	`status` text NOT NULL,
	`credited_back` integer DEFAULT 0 NOT NULL,
	`credited_at` integer,
	`credited_booking_id` integer,
	`guest_token_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`credited_booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_information_access`("id", "user_id", "email", "location", "payment_intent_id", "amount", "status", "credited_back", "credited_at", "credited_booking_id", "guest_token_hash", "created_at") SELECT "id", "user_id", NULL, "location", "payment_intent_id", "amount", "status", "credited_back", "credited_at", "credited_booking_id", "guest_token_hash", "created_at" FROM `information_access`;--> statement-breakpoint
DROP TABLE `information_access`;--> statement-breakpoint
ALTER TABLE `__new_information_access` RENAME TO `information_access`;--> statement-breakpoint
CREATE UNIQUE INDEX `information_access_payment_intent_id_unique` ON `information_access` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `information_access_user_location_idx` ON `information_access` (`user_id`,`location`);--> statement-breakpoint
CREATE INDEX `information_access_guest_idx` ON `information_access` (`guest_token_hash`);--> statement-breakpoint
CREATE INDEX `information_access_email_idx` ON `information_access` (`email`,`location`);--> statement-breakpoint
CREATE TABLE `__new_user_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`email` text,
	`amount` real NOT NULL,
	`type` text NOT NULL,
	`description` text,
	`related_payment_id` text,
	`related_booking_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_user_credits`("id", "user_id", "email", "amount", "type", "description", "related_payment_id", "related_booking_id", "created_at") SELECT "id", "user_id", NULL, "amount", "type", "description", "related_payment_id", "related_booking_id", "created_at" FROM `user_credits`;--> statement-breakpoint
DROP TABLE `user_credits`;--> statement-breakpoint
ALTER TABLE `__new_user_credits` RENAME TO `user_credits`;--> statement-breakpoint
CREATE INDEX `user_credits_user_idx` ON `user_credits` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_credits_email_idx` ON `user_credits` (`email`);--> statement-breakpoint
-- Accounts that checkout or the access fee made for guests (no password, no Google sign-in, a plain user with
-- nothing else of theirs) blocked a later sign-up with their e-mail. They become guest records owned by the
-- e-mail (bookings, access fees, credit), which the account that proves the e-mail claims.
CREATE TABLE `__guest_accounts` AS SELECT `id`, `email`, `credit_balance` FROM `users` u WHERE u.`password` IS NULL AND u.`google_id` IS NULL AND u.`role` = 'user'
  AND NOT EXISTS (SELECT 1 FROM `lot_staff` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `user_sessions` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `payment_methods` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `support_requests` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `support_messages` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `search_history` x WHERE x.`user_id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `chat_sessions` x WHERE x.`user_id` = u.`id`);--> statement-breakpoint
INSERT INTO `guest_credits` (`email`, `balance`, `updated_at`) SELECT `email`, `credit_balance`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `__guest_accounts` WHERE `credit_balance` <> 0;--> statement-breakpoint
UPDATE `user_credits` SET `email` = (SELECT g.`email` FROM `__guest_accounts` g WHERE g.`id` = `user_credits`.`user_id`), `user_id` = NULL WHERE `user_id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
UPDATE `information_access` SET `email` = (SELECT g.`email` FROM `__guest_accounts` g WHERE g.`id` = `information_access`.`user_id`), `user_id` = NULL WHERE `user_id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
UPDATE `bookings` SET `user_id` = NULL WHERE `user_id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
UPDATE `bookings` SET `email` = lower(trim(`email`)) WHERE `email` <> lower(trim(`email`));--> statement-breakpoint
DELETE FROM `user_preferences` WHERE `user_id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
DELETE FROM `password_reset_tokens` WHERE `user_id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
DELETE FROM `users` WHERE `id` IN (SELECT `id` FROM `__guest_accounts`);--> statement-breakpoint
DROP TABLE `__guest_accounts`;
