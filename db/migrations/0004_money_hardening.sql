CREATE TABLE `booking_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_links_token_hash_unique` ON `booking_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `booking_links_booking_idx` ON `booking_links` (`booking_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 8 NOT NULL,
	`run_at` integer NOT NULL,
	`locked_until` integer,
	`locked_by` text,
	`last_error` text,
	`dedupe_key` text,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_unique` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `jobs_finished_idx` ON `jobs` (`finished_at`);--> statement-breakpoint
CREATE TABLE `sandbox_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`status` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`metadata` text NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`last_error` text,
	`idempotency_key` text,
	`canceled_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_intents_idempotency_unique` ON `sandbox_intents` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `sandbox_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_refunds_idempotency_unique` ON `sandbox_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `sandbox_refunds_intent_idx` ON `sandbox_refunds` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `payment_key` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `created_account` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `owner` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `booking_id` integer REFERENCES bookings(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `idempotency_keys_booking_idx` ON `idempotency_keys` (`booking_id`);--> statement-breakpoint
ALTER TABLE `information_access` ADD `guest_token_hash` text;--> statement-breakpoint
CREATE INDEX `information_access_guest_idx` ON `information_access` (`guest_token_hash`);