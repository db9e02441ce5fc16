-- The folder-access restriction of repositories (engine/repositories/folder-access.ts) for one item: whether it is
-- a repository folder or file whose folder the viewer holds no grant for (on it or an ancestor folder; with
-- `writable_only`, a grant with can_write). A PL/pgSQL function is planned once per session: as inline SQL the
-- same subqueries were planned (and the definitions' JSON read) in every statement that checks item access,
-- 1.5 ms of PostgreSQL CPU per saved item. The caller only asks it about items of projects where the viewer is
-- restricted, so nearly every query never calls it.
CREATE OR REPLACE FUNCTION runtime_folder_access_denied(
  viewer integer,
  item_component_id integer,
  item_id bigint,
  item_parent_id bigint,
  writable_only boolean
) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  folder_components integer[];
  file_components integer[];
  folder_of bigint;
BEGIN
  SELECT
    coalesce(array_agg((r.value->>'folderComponentId')::int) FILTER (WHERE r.value->>'folderComponentId' IS NOT NULL), '{}'),
    coalesce(array_agg((r.value->>'fileComponentId')::int) FILTER (WHERE r.value->>'fileComponentId' IS NOT NULL), '{}')
  INTO folder_components, file_components
  FROM application_definitions d
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(d.document->'repositories', '[]'::jsonb)) AS r(value);
  IF NOT (item_component_id = ANY(folder_components) OR item_component_id = ANY(file_components)) THEN
    RETURN false;
  END IF;
  -- A folder is governed by itself, a file by the folder it is in (none: no grant reaches it).
  folder_of := CASE WHEN item_component_id = ANY(folder_components) THEN item_id ELSE item_parent_id END;
  IF folder_of IS NULL THEN
    RETURN true;
  END IF;
  -- Up from that folder while each step is a folder: a grant on any of them reaches it.
  RETURN NOT EXISTS (
    WITH RECURSIVE up(id, parent_id, is_folder) AS (
      SELECT i.id, i.parent_id, i.component_id = ANY(folder_components) FROM runtime_items i WHERE i.id = folder_of
      UNION
      SELECT p.id, p.parent_id, p.component_id = ANY(folder_components)
      FROM runtime_items p JOIN up ON p.id = up.parent_id
      WHERE up.is_folder
    )
    SELECT 1
    FROM up
    JOIN runtime_repository_folder_grants g ON g.folder_id = up.id
    WHERE (g.user_id = viewer OR g.group_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = viewer))
      AND (NOT writable_only OR g.can_write)
  );
END;
$$;
