CREATE TABLE "runtime_report_rollup_specs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_report_rollup_specs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"signature" text NOT NULL,
	"delta_sql" text NOT NULL,
	"covered_below" bigint DEFAULT 0,
	"building_until" timestamp with time zone,
	CONSTRAINT "runtime_report_rollup_specs_report_signature" UNIQUE("report_id","signature")
);
--> statement-breakpoint
CREATE TABLE "runtime_report_rollups" (
	"spec_id" integer NOT NULL,
	"project_id" bigint,
	"creator_id" integer,
	"responsible_id" integer,
	"status" text,
	"keys" jsonb NOT NULL,
	"items" bigint NOT NULL,
	"sums" numeric[] DEFAULT '{}' NOT NULL,
	"counts" numeric[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "runtime_report_rollups_group" UNIQUE NULLS NOT DISTINCT("spec_id","project_id","creator_id","responsible_id","status","keys")
);
--> statement-breakpoint
ALTER TABLE "runtime_report_rollups" ADD CONSTRAINT "runtime_report_rollups_spec_id_runtime_report_rollup_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."runtime_report_rollup_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Report rollups (engine/reports/report-rollup-*.ts): the element-wise sum of a rollup row's arrays and a delta's.
CREATE FUNCTION runtime_report_rollups_add(a numeric[], b numeric[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}')
  FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;
--> statement-breakpoint
-- Every write of runtime_items (the item save path, bulk changes, imports, cascades, raw SQL) folds its changed
-- rows into the rollups of their component in the same statement, so a rollup cannot drift from the items: an
-- inserted row counts +1, a deleted one -1, an updated one -1 as it was and +1 as it is. The per-report
-- statement is kept as text in runtime_report_rollup_specs (it depends on the report's definition); until a
-- rollup's first build has counted every item, only rows below its `covered_below` are folded (the build
-- counts the others). One dynamic statement finds the components written, so writes of components without a
-- rollup cost one small query.
CREATE FUNCTION runtime_report_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  spec record;
  signed text;
  components integer[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM runtime_report_rollup_specs) THEN
    RETURN NULL;
  END IF;
  signed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT changed.*, 1 AS rollup_sign FROM new_items changed'
    WHEN 'DELETE' THEN 'SELECT changed.*, -1 AS rollup_sign FROM old_items changed'
    ELSE 'SELECT changed.*, 1 AS rollup_sign FROM new_items changed UNION ALL SELECT changed.*, -1 AS rollup_sign FROM old_items changed'
  END;
  EXECUTE 'SELECT array_agg(DISTINCT component_id) FROM (' || signed || ') AS written' INTO components;
  FOR spec IN
    SELECT id, component_id, delta_sql, covered_below FROM runtime_report_rollup_specs
    WHERE component_id = ANY (components) AND covered_below IS DISTINCT FROM 0
    ORDER BY id
  LOOP
    EXECUTE replace(replace(spec.delta_sql, '{{spec}}', spec.id::text), '{{rows}}',
      format('(SELECT * FROM (%s) AS signed WHERE signed.component_id = %s%s)', signed, spec.component_id,
        CASE WHEN spec.covered_below IS NULL THEN '' ELSE ' AND signed.id < ' || spec.covered_below END));
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_items_rollups_on_insert AFTER INSERT ON runtime_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION runtime_report_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER runtime_items_rollups_on_update AFTER UPDATE ON runtime_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION runtime_report_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER runtime_items_rollups_on_delete AFTER DELETE ON runtime_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION runtime_report_rollups_apply();
--> statement-breakpoint
-- A truncate leaves no rows to take back one by one: the rollups are dropped and built again when next read.
CREATE FUNCTION runtime_report_rollups_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM runtime_report_rollup_specs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_items_rollups_on_truncate AFTER TRUNCATE ON runtime_items
  FOR EACH STATEMENT EXECUTE FUNCTION runtime_report_rollups_reset();
