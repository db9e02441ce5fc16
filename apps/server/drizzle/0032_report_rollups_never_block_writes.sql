-- A report's rollup never blocks a write of runtime_items: when its statement fails on a changed row (the
-- definition changed a field's type and the stored statement still casts the old one, or a value it cannot
-- read), that rollup is dropped instead of failing the save, and the report is built again (or scans) on its
-- next run. Each spec runs in a subtransaction of its own, so the save and the other rollups go on.
CREATE OR REPLACE FUNCTION runtime_report_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    BEGIN
      EXECUTE replace(replace(spec.delta_sql, '{{spec}}', spec.id::text), '{{rows}}',
        format('(SELECT * FROM (%s) AS signed WHERE signed.component_id = %s%s)', signed, spec.component_id,
          CASE WHEN spec.covered_below IS NULL THEN '' ELSE ' AND signed.id < ' || spec.covered_below END));
    EXCEPTION
      -- A lock timeout or a cancel is the statement's own fate, not the rollup's: those still fail the write.
      WHEN lock_not_available OR query_canceled OR deadlock_detected OR serialization_failure THEN RAISE;
      WHEN OTHERS THEN
        DELETE FROM runtime_report_rollup_specs WHERE id = spec.id;
    END;
  END LOOP;
  RETURN NULL;
END $$;
