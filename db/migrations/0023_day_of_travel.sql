ALTER TABLE `parking_providers` ADD `delay_grace_hours` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `outbound_flight` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `return_flight` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `ship_name` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `sailing_date` text;