CREATE TABLE `scheduled_tasks` (
	`name` text PRIMARY KEY NOT NULL,
	`next_run_at` integer NOT NULL,
	`locked_by` text,
	`locked_until` integer,
	`last_run_at` integer,
	`last_error` text
);
