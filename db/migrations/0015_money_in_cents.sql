ALTER TABLE `users` ADD `credit_balance_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `parking_providers` ADD `weekly_rate_cents` integer;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `parking_fee_before_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `parking_fee_after_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `charged_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_changes` ADD `credit_returned_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_payments` ADD `amount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `parking_fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `service_fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `credit_applied_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `total_fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `guest_credits` ADD `balance_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `information_access` ADD `amount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_credits` ADD `amount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lot_days` ADD `price_cents` integer;--> statement-breakpoint
-- Dollars (real) to integer cents, to the nearest cent (docs/adr/005-integer-cents.md); the old columns go next.
UPDATE `users` SET `credit_balance_cents` = CAST(ROUND(`credit_balance` * 100) AS INTEGER) WHERE `credit_balance` IS NOT NULL;--> statement-breakpoint
UPDATE `parking_providers` SET `price_cents` = CAST(ROUND(`price` * 100) AS INTEGER) WHERE `price` IS NOT NULL;--> statement-breakpoint
UPDATE `parking_providers` SET `weekly_rate_cents` = CAST(ROUND(`weekly_rate` * 100) AS INTEGER) WHERE `weekly_rate` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_changes` SET `parking_fee_before_cents` = CAST(ROUND(`parking_fee_before` * 100) AS INTEGER) WHERE `parking_fee_before` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_changes` SET `parking_fee_after_cents` = CAST(ROUND(`parking_fee_after` * 100) AS INTEGER) WHERE `parking_fee_after` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_changes` SET `charged_cents` = CAST(ROUND(`charged` * 100) AS INTEGER) WHERE `charged` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_changes` SET `refunded_cents` = CAST(ROUND(`refunded` * 100) AS INTEGER) WHERE `refunded` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_changes` SET `credit_returned_cents` = CAST(ROUND(`credit_returned` * 100) AS INTEGER) WHERE `credit_returned` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_payments` SET `amount_cents` = CAST(ROUND(`amount` * 100) AS INTEGER) WHERE `amount` IS NOT NULL;--> statement-breakpoint
UPDATE `booking_payments` SET `refunded_cents` = CAST(ROUND(`refunded` * 100) AS INTEGER) WHERE `refunded` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `parking_fee_cents` = CAST(ROUND(`parking_fee` * 100) AS INTEGER) WHERE `parking_fee` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `service_fee_cents` = CAST(ROUND(`service_fee` * 100) AS INTEGER) WHERE `service_fee` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `credit_applied_cents` = CAST(ROUND(`credit_applied` * 100) AS INTEGER) WHERE `credit_applied` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `total_fee_cents` = CAST(ROUND(`total_fee` * 100) AS INTEGER) WHERE `total_fee` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `refunded_cents` = CAST(ROUND(`refunded_amount` * 100) AS INTEGER) WHERE `refunded_amount` IS NOT NULL;--> statement-breakpoint
UPDATE `guest_credits` SET `balance_cents` = CAST(ROUND(`balance` * 100) AS INTEGER) WHERE `balance` IS NOT NULL;--> statement-breakpoint
UPDATE `information_access` SET `amount_cents` = CAST(ROUND(`amount` * 100) AS INTEGER) WHERE `amount` IS NOT NULL;--> statement-breakpoint
UPDATE `user_credits` SET `amount_cents` = CAST(ROUND(`amount` * 100) AS INTEGER) WHERE `amount` IS NOT NULL;--> statement-breakpoint
UPDATE `lot_days` SET `price_cents` = CAST(ROUND(`price` * 100) AS INTEGER) WHERE `price` IS NOT NULL;--> statement-breakpoint
UPDATE `bookings` SET `price_lines` = (SELECT json_group_array(json(line)) FROM (SELECT CASE WHEN json_extract(value, '$.dayRate') IS NULL THEN json_object('label', json_extract(value, '$.label'), 'cents', CAST(ROUND(json_extract(value, '$.amount') * 100) AS INTEGER)) ELSE json_object('label', json_extract(value, '$.label'), 'cents', CAST(ROUND(json_extract(value, '$.amount') * 100) AS INTEGER), 'dayRate', json('true')) END AS line FROM json_each(`bookings`.`price_lines`) ORDER BY key)) WHERE `price_lines` IS NOT NULL AND json_valid(`price_lines`) AND json_type(`price_lines`) = 'array';--> statement-breakpoint
UPDATE `booking_changes` SET `price_lines` = (SELECT json_group_array(json(line)) FROM (SELECT CASE WHEN json_extract(value, '$.dayRate') IS NULL THEN json_object('label', json_extract(value, '$.label'), 'cents', CAST(ROUND(json_extract(value, '$.amount') * 100) AS INTEGER)) ELSE json_object('label', json_extract(value, '$.label'), 'cents', CAST(ROUND(json_extract(value, '$.amount') * 100) AS INTEGER), 'dayRate', json('true')) END AS line FROM json_each(`booking_changes`.`price_lines`) ORDER BY key)) WHERE `price_lines` IS NOT NULL AND json_valid(`price_lines`) AND json_type(`price_lines`) = 'array';
