ALTER TABLE `booking_changes` ADD `day_prices` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `day_prices` text;