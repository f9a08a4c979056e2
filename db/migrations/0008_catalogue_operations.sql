CREATE TABLE `lot_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` integer NOT NULL,
	`position` integer NOT NULL,
	`key` text NOT NULL,
	`widths` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lot_photos_key_unique` ON `lot_photos` (`key`);--> statement-breakpoint
CREATE INDEX `lot_photos_provider_idx` ON `lot_photos` (`provider_id`,`position`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_email` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `lot_staff` (
	`user_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`granted_by` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `provider_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lot_staff_provider_idx` ON `lot_staff` (`provider_id`);--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `published` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_in_by` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_out_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_out_by` integer;--> statement-breakpoint
ALTER TABLE `lot_days` ADD `capacity_set` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lot_days` ADD `closed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lot_days` ADD `price` real;