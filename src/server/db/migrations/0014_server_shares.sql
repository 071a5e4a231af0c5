CREATE TABLE "server_shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"permissions" jsonb NOT NULL,
	"token_hash" text,
	"invited_by" uuid,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"panel_subuser_id" text,
	"panel_username" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_shares" ADD CONSTRAINT "server_shares_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_shares" ADD CONSTRAINT "server_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_shares" ADD CONSTRAINT "server_shares_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_shares_server_email_idx" ON "server_shares" USING btree ("server_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "server_shares_token_idx" ON "server_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "server_shares_user_idx" ON "server_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "server_shares_email_idx" ON "server_shares" USING btree ("email");