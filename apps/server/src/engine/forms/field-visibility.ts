import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeFieldVisibility } from './field-visibility.table.ts';

interface Scope {
  userId: number;
  componentId: number;
  /** 0 outside projects. */
  projectId: number;
}

/** The fields a user hides for a component in a project, in key order. */
export async function hiddenFieldsOf(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .select({ field: runtimeFieldVisibility.field })
    .from(runtimeFieldVisibility)
    .where(
      and(
        eq(runtimeFieldVisibility.userId, scope.userId),
        eq(runtimeFieldVisibility.componentId, scope.componentId),
        eq(runtimeFieldVisibility.projectId, scope.projectId),
        eq(runtimeFieldVisibility.isVisible, false),
      ),
    );
  return rows.map((row) => row.field).sort();
}

/** Records the user's choice (one row per field: the latest choice wins). */
export async function setFieldVisibility(
  db: Db,
  scope: Scope & { field: string; isVisible: boolean },
  now: Date,
): Promise<void> {
  await db
    .insert(runtimeFieldVisibility)
    .values({ ...scope, changedAt: now })
    .onConflictDoUpdate({
      target: [
        runtimeFieldVisibility.userId,
        runtimeFieldVisibility.componentId,
        runtimeFieldVisibility.projectId,
        runtimeFieldVisibility.field,
      ],
      set: { isVisible: scope.isVisible, changedAt: now },
    });
}
