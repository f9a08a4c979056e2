ALTER TABLE `search_history` ADD `arrival_date` text;--> statement-breakpoint
ALTER TABLE `search_history` ADD `departure_date` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `price_lines` text;