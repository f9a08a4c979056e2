ALTER TABLE "users" ADD COLUMN "credit_balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_providers" ADD COLUMN "price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_providers" ADD COLUMN "weekly_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "parking_fee_before_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "parking_fee_after_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "credit_returned_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "parking_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_credits" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "information_access" ADD COLUMN "amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_credits" ADD COLUMN "amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lot_days" ADD COLUMN "price_cents" integer;--> statement-breakpoint
-- Dollars (real) to integer cents, to the nearest cent (docs/adr/005-integer-cents.md); the old columns go next.
UPDATE "users" SET "credit_balance_cents" = round("credit_balance"::numeric * 100)::integer WHERE "credit_balance" IS NOT NULL;--> statement-breakpoint
UPDATE "parking_providers" SET "price_cents" = round("price"::numeric * 100)::integer WHERE "price" IS NOT NULL;--> statement-breakpoint
UPDATE "parking_providers" SET "weekly_rate_cents" = round("weekly_rate"::numeric * 100)::integer WHERE "weekly_rate" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_changes" SET "parking_fee_before_cents" = round("parking_fee_before"::numeric * 100)::integer WHERE "parking_fee_before" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_changes" SET "parking_fee_after_cents" = round("parking_fee_after"::numeric * 100)::integer WHERE "parking_fee_after" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_changes" SET "charged_cents" = round("charged"::numeric * 100)::integer WHERE "charged" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_changes" SET "refunded_cents" = round("refunded"::numeric * 100)::integer WHERE "refunded" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_changes" SET "credit_returned_cents" = round("credit_returned"::numeric * 100)::integer WHERE "credit_returned" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_payments" SET "amount_cents" = round("amount"::numeric * 100)::integer WHERE "amount" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_payments" SET "refunded_cents" = round("refunded"::numeric * 100)::integer WHERE "refunded" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "parking_fee_cents" = round("parking_fee"::numeric * 100)::integer WHERE "parking_fee" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "service_fee_cents" = round("service_fee"::numeric * 100)::integer WHERE "service_fee" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "credit_applied_cents" = round("credit_applied"::numeric * 100)::integer WHERE "credit_applied" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "total_fee_cents" = round("total_fee"::numeric * 100)::integer WHERE "total_fee" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "refunded_cents" = round("refunded_amount"::numeric * 100)::integer WHERE "refunded_amount" IS NOT NULL;--> statement-breakpoint
UPDATE "guest_credits" SET "balance_cents" = round("balance"::numeric * 100)::integer WHERE "balance" IS NOT NULL;--> statement-breakpoint
UPDATE "information_access" SET "amount_cents" = round("amount"::numeric * 100)::integer WHERE "amount" IS NOT NULL;--> statement-breakpoint
UPDATE "user_credits" SET "amount_cents" = round("amount"::numeric * 100)::integer WHERE "amount" IS NOT NULL;--> statement-breakpoint
UPDATE "lot_days" SET "price_cents" = round("price"::numeric * 100)::integer WHERE "price" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "price_lines" = (SELECT coalesce(jsonb_agg(jsonb_build_object('label', e->'label', 'cents', round((e->>'amount')::numeric * 100)::integer) || CASE WHEN e->'dayRate' IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dayRate', true) END ORDER BY ord), '[]'::jsonb) FROM jsonb_array_elements("bookings"."price_lines") WITH ORDINALITY AS l(e, ord)) WHERE "price_lines" IS NOT NULL AND jsonb_typeof("price_lines") = 'array';--> statement-breakpoint
UPDATE "booking_changes" SET "price_lines" = (SELECT coalesce(jsonb_agg(jsonb_build_object('label', e->'label', 'cents', round((e->>'amount')::numeric * 100)::integer) || CASE WHEN e->'dayRate' IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dayRate', true) END ORDER BY ord), '[]'::jsonb) FROM jsonb_array_elements("booking_changes"."price_lines") WITH ORDINALITY AS l(e, ord)) WHERE "price_lines" IS NOT NULL AND jsonb_typeof("price_lines") = 'array';
