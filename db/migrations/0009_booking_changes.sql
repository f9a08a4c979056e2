CREATE TABLE `booking_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`changed_by` integer,
	`from_arrival` text,
	`from_departure` text,
	`to_arrival` text,
	`to_departure` text,
	`from_vehicle` text,
	`to_vehicle` text,
	`parking_fee_before` real DEFAULT 0 NOT NULL,
	`parking_fee_after` real DEFAULT 0 NOT NULL,
	`price_lines` text,
	`charged` real DEFAULT 0 NOT NULL,
	`refunded` real DEFAULT 0 NOT NULL,
	`credit_returned` real DEFAULT 0 NOT NULL,
	`payment_intent_id` text,
	`payment_key` text,
	`card_brand` text,
	`card_last4` text,
	`hold_expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_changes_booking_idx` ON `booking_changes` (`booking_id`);--> statement-breakpoint
CREATE INDEX `booking_changes_status_idx` ON `booking_changes` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE TABLE `booking_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount` real NOT NULL,
	`refunded` real DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_payments_payment_intent_id_unique` ON `booking_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `booking_payments_booking_idx` ON `booking_payments` (`booking_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `pending_change_id` integer;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `change_id` integer;--> statement-breakpoint
-- Each existing booking charge enters the ledger with what was refunded of it.
INSERT INTO `booking_payments` (`booking_id`, `payment_intent_id`, `amount`, `refunded`, `created_at`) SELECT `id`, `payment_intent_id`, `total_fee`, `refunded_amount`, `created_at` FROM `bookings` WHERE `payment_intent_id` IS NOT NULL AND `status` <> 'pending';
