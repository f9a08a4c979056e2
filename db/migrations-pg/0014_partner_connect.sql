ALTER TABLE "partners" ADD COLUMN "stripe_details_submitted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "stripe_payouts_enabled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_stripe_account_unique" ON "partners" USING btree ("stripe_account_id");