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
ALTER TABLE "sso_handoffs" ADD COLUMN "sid" text;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD COLUMN "sid" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "sso_pending_logins" ADD CONSTRAINT "sso_pending_logins_pending_login_id_pending_logins_id_fk" FOREIGN KEY ("pending_login_id") REFERENCES "public"."pending_logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_pending_logins_subject_idx" ON "sso_pending_logins" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_sessions_subject_idx" ON "sso_sessions" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_sessions_sid_idx" ON "sso_sessions" USING btree ("issuer","sid");