ALTER TABLE "booking_changes" ADD COLUMN "day_prices" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "day_prices" jsonb;