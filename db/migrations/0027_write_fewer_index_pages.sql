DROP INDEX `bookings_provider_dates_idx`;--> statement-breakpoint
DROP INDEX `bookings_email_idx`;--> statement-breakpoint
DROP INDEX `bookings_review_due_idx`;--> statement-breakpoint
CREATE INDEX `bookings_provider_dates_idx` ON `bookings` (`provider_id`,`arrival_date`,`departure_date`);--> statement-breakpoint
CREATE INDEX `bookings_email_idx` ON `bookings` (`email`) WHERE "user_id" is null;--> statement-breakpoint
CREATE INDEX `bookings_review_due_idx` ON `bookings` (`departure_date`) WHERE "review_invited_at" is null and "status" in ('confirmed', 'completed');--> statement-breakpoint
DROP INDEX `jobs_finished_idx`;--> statement-breakpoint
CREATE INDEX `jobs_finished_idx` ON `jobs` (`finished_at`) WHERE "finished_at" is not null;