ALTER TABLE "booking_changes" ADD COLUMN "from_travel" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "to_travel" text;
