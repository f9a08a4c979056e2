ALTER TABLE "parking_providers" ADD COLUMN "delay_grace_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "outbound_flight" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_flight" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ship_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sailing_date" text;