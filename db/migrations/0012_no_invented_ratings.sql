-- The seeded ratings and review counts were invented (there is no review yet): a lot without reviews has none.
UPDATE `parking_providers` SET `rating` = NULL, `review_count` = NULL;
