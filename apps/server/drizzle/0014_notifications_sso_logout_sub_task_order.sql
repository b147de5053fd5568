CREATE TABLE "notification_digests" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text DEFAULT 'daily' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"comment_id" uuid,
	"group_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"change_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logout_tokens" (
	"issuer" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_logout_tokens_issuer_jti_pk" PRIMARY KEY("issuer","jti")
);
--> statement-breakpoint
CREATE TABLE "sso_pending_logins" (
	"pending_login_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"sid" text
);
--> statement-breakpoint
CREATE TABLE "task_watchers" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"watching" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_watchers_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sso_handoffs" ADD COLUMN "sid" text;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD COLUMN "sid" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_pending_logins" ADD CONSTRAINT "sso_pending_logins_pending_login_id_pending_logins_id_fk" FOREIGN KEY ("pending_login_id") REFERENCES "public"."pending_logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_key" ON "notifications" USING btree ("task_id","recipient_id","group_key") WHERE type in ('due_soon', 'overdue');--> statement-breakpoint
CREATE INDEX "notifications_change_seq_idx" ON "notifications" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "sso_pending_logins_subject_idx" ON "sso_pending_logins" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_sessions_subject_idx" ON "sso_sessions" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_sessions_sid_idx" ON "sso_sessions" USING btree ("issuer","sid");--> statement-breakpoint
-- Hand-written: the tasks of before this migration get their automatic watchers, as the write rules
-- would have added them (creator, assignee, commenters, the people their comments mention).
INSERT INTO "task_watchers" ("task_id", "user_id", "watching")
SELECT DISTINCT w.task_id, w.user_id, true FROM (
  SELECT t."id" AS task_id, t."created_by" AS user_id FROM "tasks" t WHERE t."created_by" IS NOT NULL
  UNION SELECT t."id", t."assignee_id" FROM "tasks" t WHERE t."assignee_id" IS NOT NULL
  UNION SELECT c."task_id", c."created_by" FROM "comments" c WHERE c."created_by" IS NOT NULL
  UNION SELECT c."task_id", m.value::uuid FROM "comments" c, jsonb_array_elements_text(c."mentions") m
) w JOIN "users" u ON u."id" = w.user_id
ON CONFLICT DO NOTHING;
