CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp (3) with time zone NOT NULL,
	"locked_by" text,
	"locked_until" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone,
	"last_error" text
);
