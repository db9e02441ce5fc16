import { sql } from 'drizzle-orm';
import { rowsOf } from '../../infra/db/rows-of.ts';
import type { FileReferenceSource } from './file-reference-source.ts';

/**
 * The files items hold today: the ids in their BINARY fields (file chooser, image, image list), by the fields
 * their component's definition declares BINARY. A deleted item holds nothing (its row is gone), nor does an
 * item whose field now holds other files; versions of the history do not count (they are never downloaded).
 */
export const itemFieldFileReferences: FileReferenceSource = {
  name: 'item fields',
  async referencedAmong(db, fileIds) {
    if (fileIds.length === 0) return [];
    const wanted = sql.join(
      fileIds.map((id) => sql`${id}::numeric`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select distinct (element #>> '{}')::bigint as id
      from runtime_components component
      cross join lateral jsonb_array_elements(component.definition -> 'fields') field
      join runtime_items item on item.component_id = component.id
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(item.data -> (field ->> 'key')) = 'array'
          then item.data -> (field ->> 'key') else '[]'::jsonb end
      ) element
      where field ->> 'type' = 'BINARY'
        and jsonb_typeof(element) = 'number'
        and (element #>> '{}')::numeric in (${wanted})`);
    return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));
  },
};
