CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_version" ADD CONSTRAINT "catalog_version_one_row" CHECK ("id" = 1);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER games_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER game_names_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_names FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER vendors_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER vendor_game_types_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_game_types FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER game_classify_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_classify FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER game_categories_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
