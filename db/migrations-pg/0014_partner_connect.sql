ALTER TABLE "partners" ADD COLUMN "stripe_details_submitted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "stripe_payouts_enabled" integer DEFAULT 0 NOT NULL;