CREATE TABLE "guest_credits" (
	"email" text PRIMARY KEY NOT NULL,
	"balance" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "information_access" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_credits" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "information_access" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "user_credits" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "information_access_email_idx" ON "information_access" USING btree ("email","location");--> statement-breakpoint
CREATE INDEX "user_credits_email_idx" ON "user_credits" USING btree ("email");--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "created_account";--> statement-breakpoint
-- Accounts that checkout or the access fee made for guests (no password, no Google sign-in, a plain user with
-- nothing else of theirs) blocked a later sign-up with their e-mail. They become guest records owned by the
-- e-mail (bookings, access fees, credit), which the account that proves the e-mail claims.
CREATE TABLE "__guest_accounts" AS SELECT "id", "email", "credit_balance" FROM "users" u WHERE u."password" IS NULL AND u."google_id" IS NULL AND u."role" = 'user'
  AND NOT EXISTS (SELECT 1 FROM "lot_staff" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "user_sessions" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "payment_methods" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "support_requests" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "support_messages" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "search_history" x WHERE x."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "chat_sessions" x WHERE x."user_id" = u."id");--> statement-breakpoint
INSERT INTO "guest_credits" ("email", "balance", "updated_at") SELECT "email", "credit_balance", now() FROM "__guest_accounts" WHERE "credit_balance" <> 0;--> statement-breakpoint
UPDATE "user_credits" SET "email" = (SELECT g."email" FROM "__guest_accounts" g WHERE g."id" = "user_credits"."user_id"), "user_id" = NULL WHERE "user_id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
UPDATE "information_access" SET "email" = (SELECT g."email" FROM "__guest_accounts" g WHERE g."id" = "information_access"."user_id"), "user_id" = NULL WHERE "user_id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
UPDATE "bookings" SET "user_id" = NULL WHERE "user_id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
UPDATE "bookings" SET "email" = lower(trim("email")) WHERE "email" <> lower(trim("email"));--> statement-breakpoint
DELETE FROM "user_preferences" WHERE "user_id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
DELETE FROM "password_reset_tokens" WHERE "user_id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
DELETE FROM "users" WHERE "id" IN (SELECT "id" FROM "__guest_accounts");--> statement-breakpoint
DROP TABLE "__guest_accounts";
