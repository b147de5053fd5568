CREATE TABLE "task_counts" (
	"project_id" uuid NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_counts_project_id_status_priority_pk" PRIMARY KEY("project_id","status","priority")
);
--> statement-breakpoint
CREATE TABLE "task_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "task_events_at_idx" ON "task_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "task_events_project_at_idx" ON "task_events" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "projects_live_deadline_idx" ON "projects" USING btree ("deadline") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline") WHERE deleted_at is null and status <> 'done';--> statement-breakpoint
CREATE INDEX "tasks_live_deadline_idx" ON "tasks" USING btree ("deadline") WHERE deleted_at is null;
--> statement-breakpoint
-- Backfill from the tasks that already exist, so counters and trends start right on an existing database.
INSERT INTO "task_counts" ("project_id", "status", "priority", "count")
  SELECT "project_id", "status", "priority", count(*) FROM "tasks" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "task_events" ("task_id", "project_id", "kind", "at")
  SELECT "id", "project_id", 'created', "created_at" FROM "tasks" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
UPDATE "tasks" SET "completed_at" = "updated_at" WHERE "status" = 'done' AND "completed_at" IS NULL;
