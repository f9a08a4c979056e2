CREATE TABLE `partner_commission_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`rate_bps` integer NOT NULL,
	`effective_from` integer NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_commission_rates_partner_idx` ON `partner_commission_rates` (`partner_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `partner_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`all_lots` integer DEFAULT 1 NOT NULL,
	`lot_ids` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` integer,
	`invited_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_invitations_token_hash_unique` ON `partner_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `partner_invitations_partner_idx` ON `partner_invitations` (`partner_id`);--> statement-breakpoint
CREATE TABLE `partner_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`all_lots` integer DEFAULT 1 NOT NULL,
	`lot_ids` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_members_partner_user_unique` ON `partner_members` (`partner_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `partner_members_user_idx` ON `partner_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trading_name` text NOT NULL,
	`legal_name` text NOT NULL,
	`contact_name` text NOT NULL,
	`contact_email` text NOT NULL,
	`contact_phone` text,
	`payout_details` text,
	`stripe_account_id` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `partner_id` integer REFERENCES partners(id);--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `approved_at` integer;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `suspended_listing` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `commission_bps` integer;--> statement-breakpoint
-- Every lot listed before partners existed counts as approved: only lots a partner creates start as drafts.
UPDATE `parking_providers` SET `approved_at` = `created_at`;