CREATE TABLE `blog_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`visitor` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_views_post_idx` ON `blog_views` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `blog_views_visitor_idx` ON `blog_views` (`visitor`,`post_id`,`created_at`);