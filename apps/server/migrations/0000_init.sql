CREATE TABLE "ad_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unit_price" integer NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" text,
	"ad_provider" varchar(15) NOT NULL,
	"ad_url" text NOT NULL,
	"ad_title" varchar(50) NOT NULL,
	"quiz_question" varchar(150) NOT NULL,
	"quiz_options" jsonb NOT NULL,
	"user_reward" integer NOT NULL,
	"base_fee" integer DEFAULT 0 NOT NULL,
	"extra_targeting_fee" integer DEFAULT 0 NOT NULL,
	"unit_price" integer NOT NULL,
	"max_deliveries" integer DEFAULT 100 NOT NULL,
	"delivery_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"target_gender" jsonb DEFAULT '{"male":false,"female":false,"other":false}'::jsonb NOT NULL,
	"target_age_range" jsonb DEFAULT '{"10s":false,"20s":false,"30s":false,"40s":false,"50s":false,"60s":false}'::jsonb NOT NULL,
	"rejection_reason" text,
	"is_house_ad" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_status_valid" CHECK ("ads"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "ads_url_http" CHECK ("ads"."ad_url" ~ '^https?://'),
	CONSTRAINT "ads_options_count" CHECK (jsonb_array_length("ads"."quiz_options") between 2 and 5),
	CONSTRAINT "ads_reward_positive" CHECK ("ads"."user_reward" > 0),
	CONSTRAINT "ads_prices_non_negative" CHECK ("ads"."unit_price" >= 0 and "ads"."base_fee" >= 0 and "ads"."extra_targeting_fee" >= 0),
	CONSTRAINT "ads_max_deliveries_positive" CHECK ("ads"."max_deliveries" > 0),
	CONSTRAINT "ads_delivery_within_cap" CHECK ("ads"."delivery_count" >= 0 and "ads"."delivery_count" <= "ads"."max_deliveries"),
	CONSTRAINT "ads_active_only_when_approved" CHECK (not "ads"."is_active" or "ads"."status" = 'approved')
);
--> statement-breakpoint
CREATE TABLE "advertiser_billing" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" varchar(4),
	"registered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_quizzes" (
	"publish_date" varchar(8) PRIMARY KEY NOT NULL,
	"quiz_question" varchar(150) NOT NULL,
	"quiz_options" jsonb NOT NULL,
	"correct_option_index" smallint NOT NULL,
	"explanation" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_quizzes_date_format" CHECK ("daily_quizzes"."publish_date" ~ '^[0-9]{8}$'),
	CONSTRAINT "daily_quizzes_options_count" CHECK (jsonb_array_length("daily_quizzes"."quiz_options") between 2 and 5),
	CONSTRAINT "daily_quizzes_index_range" CHECK ("daily_quizzes"."correct_option_index" between 1 and jsonb_array_length("daily_quizzes"."quiz_options"))
);
--> statement-breakpoint
CREATE TABLE "deleted_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"phone_hash" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"gift_type" text DEFAULT '不明' NOT NULL,
	"points_used" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gift_code" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	CONSTRAINT "gift_requests_status_valid" CHECK ("gift_requests"."status" in ('pending', 'issued', 'rejected')),
	CONSTRAINT "gift_requests_points_non_negative" CHECK ("gift_requests"."points_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"advertiser_id" text NOT NULL,
	"period" varchar(6) NOT NULL,
	"deliveries" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"carried_in" integer DEFAULT 0 NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"provider_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('charged', 'carried_over', 'failed', 'no_charge')),
	CONSTRAINT "invoices_amounts_non_negative" CHECK ("invoices"."subtotal" >= 0 and "invoices"."tax" >= 0 and "invoices"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "material_requests" (
	"email" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"user_id" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"memo" text NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_transactions_non_zero" CHECK ("point_transactions"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "pricing_config" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"user_reward" integer NOT NULL,
	"base_fee" integer NOT NULL,
	"extra_targeting_fee" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_config_single_row" CHECK ("pricing_config"."id" = 1),
	CONSTRAINT "pricing_config_non_negative" CHECK ("pricing_config"."user_reward" > 0 and "pricing_config"."base_fee" >= 0 and "pricing_config"."extra_targeting_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"correct_option_index" smallint NOT NULL,
	"uid" text,
	CONSTRAINT "quiz_answers_index_range" CHECK ("quiz_answers"."correct_option_index" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "quiz_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email_hash" text NOT NULL,
	"ad_id" uuid,
	"daily_quiz_id" varchar(8),
	"clicked_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"selected_option" smallint,
	"is_correct" boolean,
	"reward_given" boolean DEFAULT false NOT NULL,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_responses_one_subject" CHECK (("quiz_responses"."ad_id" is null) <> ("quiz_responses"."daily_quiz_id" is null)),
	CONSTRAINT "quiz_responses_points_non_negative" CHECK ("quiz_responses"."points_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"email_hash" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"phone_hash" text,
	"phone_verified_at" timestamp with time zone,
	"referral_code" varchar(8),
	"referred_by" varchar(8),
	"birth_date" date,
	"gender" text,
	"zip_code" varchar(7),
	"prefecture" text,
	"city" text,
	"marital_status" text,
	"has_children" boolean,
	"occupation" text,
	"annual_income" text,
	"last_daily_claim" timestamp with time zone,
	"last_daily_quiz_id" varchar(8),
	"card_registered" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"signup_completed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "users_points_non_negative" CHECK ("users"."points" >= 0),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('user', 'advertiser')),
	CONSTRAINT "users_gender_valid" CHECK ("users"."gender" is null or "users"."gender" in ('male', 'female', 'other')),
	CONSTRAINT "users_marital_status_valid" CHECK ("users"."marital_status" is null or "users"."marital_status" in ('single', 'divorced', 'married')),
	CONSTRAINT "users_zip_code_format" CHECK ("users"."zip_code" is null or "users"."zip_code" ~ '^[0-9]{7}$'),
	CONSTRAINT "users_occupation_valid" CHECK ("users"."occupation" is null or "users"."occupation" in ('会社役員', '会社員', '公務員', '自営業', '学生', '主婦・主夫', 'アルバイト', '無職')),
	CONSTRAINT "users_annual_income_valid" CHECK ("users"."annual_income" is null or "users"."annual_income" in ('〜300万円', '300万円〜', '500万円〜', '700万円〜', '1000万円〜'))
);
--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_billing" ADD CONSTRAINT "advertiser_billing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD CONSTRAINT "quiz_responses_daily_quiz_id_daily_quizzes_publish_date_fk" FOREIGN KEY ("daily_quiz_id") REFERENCES "public"."daily_quizzes"("publish_date") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_deliveries_ad_time_idx" ON "ad_deliveries" USING btree ("ad_id","delivered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_deliveries_ad_user_key" ON "ad_deliveries" USING btree ("ad_id","user_id");--> statement-breakpoint
CREATE INDEX "ads_listing_idx" ON "ads" USING btree ("status","is_active","user_reward" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_advertiser_idx" ON "ads" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "auth_accounts_provider_account_key" ON "auth_accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_token_key" ON "auth_sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "deleted_users_email_hash_idx" ON "deleted_users" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "gift_requests_user_idx" ON "gift_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_requests_status_idx" ON "gift_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ad_period_key" ON "invoices" USING btree ("ad_id","period");--> statement-breakpoint
CREATE INDEX "page_views_time_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "point_transactions_user_idx" ON "point_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_cause_key" ON "point_transactions" USING btree ("user_id","reason","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_responses_person_ad_key" ON "quiz_responses" USING btree ("email_hash","ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_responses_person_daily_key" ON "quiz_responses" USING btree ("email_hash","daily_quiz_id");--> statement-breakpoint
CREATE INDEX "quiz_responses_user_idx" ON "quiz_responses" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_hash_key" ON "users" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "users_email_hash_idx" ON "users" USING btree ("email_hash");