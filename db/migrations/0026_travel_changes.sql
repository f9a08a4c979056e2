ALTER TABLE `booking_changes` ADD `from_travel` text;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `to_travel` text;
