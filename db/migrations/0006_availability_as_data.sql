CREATE TABLE `content_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lot_days` (
	`provider_id` integer NOT NULL,
	`day` integer NOT NULL,
	`capacity` integer NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`provider_id`, `day`),
	FOREIGN KEY (`provider_id`) REFERENCES `parking_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
WITH RECURSIVE stays(provider_id, d, last) AS (
	SELECT provider_id,
		CAST(julianday(substr(arrival_date, 1, 10)) - 2440587.5 AS INTEGER),
		MAX(CAST(julianday(substr(arrival_date, 1, 10)) - 2440587.5 AS INTEGER), CAST(julianday(replace(departure_date, 'T', ' '), '-1 minute') - 2440587.5 AS INTEGER))
	FROM bookings WHERE status IN ('pending', 'confirmed', 'completed')
	UNION ALL SELECT provider_id, d + 1, last FROM stays WHERE d < last
)
INSERT INTO `lot_days` (`provider_id`, `day`, `capacity`, `taken`)
SELECT s.provider_id, s.d, MAX(p.capacity, COUNT(*)), COUNT(*) FROM stays s JOIN parking_providers p ON p.id = s.provider_id GROUP BY s.provider_id, s.d;
