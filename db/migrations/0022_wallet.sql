CREATE TABLE `wallet_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` text NOT NULL,
	`push_token` text NOT NULL,
	`pass_type_id` text NOT NULL,
	`booking_id` integer NOT NULL,
	`notified_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_registrations_device_pass_unique` ON `wallet_registrations` (`device_id`,`pass_type_id`,`booking_id`);--> statement-breakpoint
CREATE INDEX `wallet_registrations_booking_idx` ON `wallet_registrations` (`booking_id`);