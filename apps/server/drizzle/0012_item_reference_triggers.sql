ALTER TABLE "runtime_item_versions" DROP CONSTRAINT "runtime_item_versions_changed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "runtime_items" DROP CONSTRAINT "runtime_items_component_id_runtime_components_id_fk";
--> statement-breakpoint
ALTER TABLE "runtime_items" DROP CONSTRAINT "runtime_items_responsible_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "runtime_items" DROP CONSTRAINT "runtime_items_creator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "runtime_items" DROP CONSTRAINT "runtime_items_modifier_id_users_id_fk";
--> statement-breakpoint
-- Items and versions name users and components checked per statement instead of per row (a foreign key
-- checks and locks once per row: four times per item). Like a foreign key, the check locks each referenced
-- row FOR KEY SHARE, so a concurrent delete waits for this transaction and then sees the reference.
CREATE FUNCTION runtime_items_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing_user integer;
  missing_component integer;
BEGIN
  PERFORM 1 FROM users WHERE id IN (
    SELECT creator_id FROM changed_items UNION SELECT modifier_id FROM changed_items
    UNION SELECT responsible_id FROM changed_items) FOR KEY SHARE;
  SELECT ref.id INTO missing_user FROM (
    SELECT creator_id AS id FROM changed_items UNION SELECT modifier_id FROM changed_items
    UNION SELECT responsible_id FROM changed_items) ref
  WHERE ref.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = ref.id) LIMIT 1;
  IF missing_user IS NOT NULL THEN
    RAISE EXCEPTION 'runtime_items names user % that does not exist', missing_user
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM 1 FROM runtime_components WHERE id IN (SELECT component_id FROM changed_items) FOR KEY SHARE;
  SELECT ref.component_id INTO missing_component FROM (SELECT DISTINCT component_id FROM changed_items) ref
  WHERE NOT EXISTS (SELECT 1 FROM runtime_components WHERE runtime_components.id = ref.component_id) LIMIT 1;
  IF missing_component IS NOT NULL THEN
    RAISE EXCEPTION 'runtime_items names component % that does not exist', missing_component
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_items_references_on_insert AFTER INSERT ON runtime_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION runtime_items_check_references();
--> statement-breakpoint
CREATE TRIGGER runtime_items_references_on_update AFTER UPDATE ON runtime_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION runtime_items_check_references();
--> statement-breakpoint
CREATE FUNCTION runtime_item_versions_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing_user integer;
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT changed_by FROM new_versions) FOR KEY SHARE;
  SELECT ref.changed_by INTO missing_user FROM (SELECT DISTINCT changed_by FROM new_versions) ref
  WHERE ref.changed_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = ref.changed_by)
  LIMIT 1;
  IF missing_user IS NOT NULL THEN
    RAISE EXCEPTION 'runtime_item_versions names user % that does not exist', missing_user
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_item_versions_references_on_insert AFTER INSERT ON runtime_item_versions
  REFERENCING NEW TABLE AS new_versions FOR EACH STATEMENT
  EXECUTE FUNCTION runtime_item_versions_check_references();
--> statement-breakpoint
-- The other side of the references: a user items or versions name is not deleted (the administration
-- deactivates such users instead). Waits, like a foreign key, for transactions holding the user's row.
CREATE FUNCTION users_refuse_delete_while_named_by_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM runtime_items WHERE creator_id = OLD.id)
     OR EXISTS (SELECT 1 FROM runtime_items WHERE responsible_id = OLD.id)
     OR EXISTS (SELECT 1 FROM runtime_items WHERE modifier_id = OLD.id)
     OR EXISTS (SELECT 1 FROM runtime_item_versions WHERE changed_by = OLD.id) THEN
    RAISE EXCEPTION 'user % is named by runtime items', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_refuse_delete_while_named_by_items BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_refuse_delete_while_named_by_items();
--> statement-breakpoint
-- The same for components (definitions keep their components; this guards a manual delete).
CREATE FUNCTION runtime_components_refuse_delete_while_used() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM runtime_items WHERE component_id = OLD.id) THEN
    RAISE EXCEPTION 'component % has items', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_components_refuse_delete_while_used BEFORE DELETE ON runtime_components
  FOR EACH ROW EXECUTE FUNCTION runtime_components_refuse_delete_while_used();
--> statement-breakpoint
-- A create's version row is written without its snapshot (bulk inserts spent a good part of their time
-- building it): while the item is unchanged since it was created, the item row IS that snapshot. The first
-- change or the delete of the item writes it here, from the row as it was — the same object snapshotOf(row)
-- in item-versions.ts builds (jsonb sorts the keys).
CREATE FUNCTION runtime_items_keep_created_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE runtime_item_versions SET snapshot = jsonb_build_object(
    'id', OLD.id, 'componentId', OLD.component_id, 'projectId', OLD.project_id, 'parentId', OLD.parent_id,
    'formattedId', OLD.formatted_id, 'title', OLD.title, 'status', OLD.status,
    'responsibleId', OLD.responsible_id, 'creatorId', OLD.creator_id,
    'createdAt', to_char(OLD.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'modifierId', OLD.modifier_id,
    'modifiedAt', to_char(OLD.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'version', OLD.version, 'position', OLD.position, 'reason', OLD.reason,
    'hasAttachment', OLD.has_attachment, 'hasDigitalContent', OLD.has_digital_content, 'data', OLD.data)
  WHERE item_id = OLD.id AND version = 1 AND action = 'create' AND snapshot = '{}'::jsonb;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER runtime_items_keep_created_snapshot_on_update AFTER UPDATE ON runtime_items
  FOR EACH ROW WHEN (OLD.version = 1) EXECUTE FUNCTION runtime_items_keep_created_snapshot();
--> statement-breakpoint
CREATE TRIGGER runtime_items_keep_created_snapshot_on_delete AFTER DELETE ON runtime_items
  FOR EACH ROW WHEN (OLD.version = 1) EXECUTE FUNCTION runtime_items_keep_created_snapshot();
