DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "registrations_created_idx";--> statement-breakpoint
DROP INDEX "reviews_status_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor","created_at","id");--> statement-breakpoint
CREATE INDEX "registrations_name_trgm_idx" ON "registrations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_email_trgm_idx" ON "registrations" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_phone_trgm_idx" ON "registrations" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at","id");