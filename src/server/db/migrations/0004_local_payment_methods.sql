CREATE TABLE "local_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"fails_renewals" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_payment_methods" ADD CONSTRAINT "local_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payment_methods" ADD CONSTRAINT "local_payment_methods_session_id_local_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."local_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_payment_methods_session_idx" ON "local_payment_methods" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "local_payment_methods_user_idx" ON "local_payment_methods" USING btree ("user_id","created_at");