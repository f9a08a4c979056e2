CREATE TABLE `guarantee_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`partner_id` integer,
	`outcome` text NOT NULL,
	`new_booking_id` integer,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`platform_paid_cents` integer DEFAULT 0 NOT NULL,
	`claimed_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`new_booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claimed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guarantee_claims_booking_id_unique` ON `guarantee_claims` (`booking_id`);--> statement-breakpoint
CREATE INDEX `guarantee_claims_provider_idx` ON `guarantee_claims` (`provider_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `occupancy_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` integer NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`taken` integer NOT NULL,
	`capacity` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `occupancy_alerts_lot_day_kind_unique` ON `occupancy_alerts` (`provider_id`,`day`,`kind`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`user_id` integer,
	`author_name` text NOT NULL,
	`stay_month` text NOT NULL,
	`overall` integer NOT NULL,
	`wait_score` integer NOT NULL,
	`described_score` integer NOT NULL,
	`staff_score` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`held_for` text,
	`reject_reason` text,
	`editable_until` integer NOT NULL,
	`published_at` integer,
	`reply_body` text,
	`replied_at` integer,
	`replied_by` integer,
	`flagged_at` integer,
	`flag_reason` text,
	`flagged_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`replied_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flagged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_id_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_provider_idx` ON `reviews` (`provider_id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `reviews_status_idx` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `online_buffer` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `rating_wait` real;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `rating_described` real;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `rating_staff` real;--> statement-breakpoint
ALTER TABLE `booking_links` ADD `used_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `review_invited_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_review_due_idx` ON `bookings` (`review_invited_at`,`status`,`departure_date`);--> statement-breakpoint
-- Stays that ended before reviews existed are not invited now (no e-mail to past travellers about old stays).
UPDATE `bookings` SET `review_invited_at` = `created_at` WHERE `departure_date` < strftime('%Y-%m-%dT%H:%M', 'now');
