CREATE TABLE `partner_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`booking_id` integer NOT NULL,
	`kind` text NOT NULL,
	`source_key` text NOT NULL,
	`gross_cents` integer NOT NULL,
	`commission_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`commission_bps` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	`payout_id` integer,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payout_id`) REFERENCES `partner_payouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_ledger_source_key_unique` ON `partner_ledger` (`source_key`);--> statement-breakpoint
CREATE INDEX `partner_ledger_partner_idx` ON `partner_ledger` (`partner_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `partner_ledger_unpaid_idx` ON `partner_ledger` (`partner_id`,`payout_id`);--> statement-breakpoint
CREATE INDEX `partner_ledger_booking_idx` ON `partner_ledger` (`booking_id`);--> statement-breakpoint
CREATE TABLE `partner_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`run_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`transfer_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_payouts_run_key_unique` ON `partner_payouts` (`run_key`);--> statement-breakpoint
CREATE INDEX `partner_payouts_partner_idx` ON `partner_payouts` (`partner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `partner_id` integer;