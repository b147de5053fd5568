CREATE TABLE "sync_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_results" (
	"client_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "sync_results_client_id_seq_pk" PRIMARY KEY("client_id","seq")
);
--> statement-breakpoint
ALTER TABLE "change_counter" ADD COLUMN "epoch" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_results" ADD CONSTRAINT "sync_results_client_id_sync_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sync_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_clients_last_seen_idx" ON "sync_clients" USING btree ("last_seen_at");