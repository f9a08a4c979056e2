DROP INDEX "parking_providers_location_idx";--> statement-breakpoint
CREATE INDEX "parking_providers_location_idx" ON "parking_providers" USING btree ("location_id","price_cents");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credit_balance";--> statement-breakpoint
ALTER TABLE "parking_providers" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "parking_providers" DROP COLUMN "weekly_rate";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "parking_fee_before";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "parking_fee_after";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "charged";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "refunded";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "credit_returned";--> statement-breakpoint
ALTER TABLE "booking_payments" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "booking_payments" DROP COLUMN "refunded";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "parking_fee";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "service_fee";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "credit_applied";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "total_fee";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "refunded_amount";--> statement-breakpoint
ALTER TABLE "guest_credits" DROP COLUMN "balance";--> statement-breakpoint
ALTER TABLE "information_access" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "user_credits" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "lot_days" DROP COLUMN "price";