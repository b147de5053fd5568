ALTER TABLE "notifications" DROP CONSTRAINT "notifications_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_comment_id_comments_id_fk";
--> statement-breakpoint
CREATE INDEX "notifications_unread_by_task_idx" ON "notifications" USING btree ("task_id","recipient_id") WHERE read_at is null;