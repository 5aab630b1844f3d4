CREATE TABLE "staff_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"app_user_id" uuid,
	"employee_id" uuid,
	CONSTRAINT "staff_emails_one_account_ck" CHECK (num_nonnulls("staff_emails"."app_user_id", "staff_emails"."employee_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_emails_app_user_uq" ON "staff_emails" USING btree ("app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_emails_employee_uq" ON "staff_emails" USING btree ("employee_id");