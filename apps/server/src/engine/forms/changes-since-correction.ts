import {
  type ChangesSinceCorrectionResult,
  type ComponentDefinition,
  type Language,
  localize,
  type WorkflowDefinition,
} from '@der/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { withoutRestricted } from '../items/field-read-permissions.ts';
import { diffItem } from '../items/item-versions.ts';
import { type ItemData, type RuntimeItemRow, runtimeItemVersions } from '../items/items.table.ts';
import { describeChanges, fileNamesOf, userIdsOf, userNames } from './form-history.ts';

/**
 * Statuses a request for correction sends an item to: the target of an action that requires a reason and
 * from which an action the item's creator may run leads on (the creator corrects and resubmits). In the AET
 * analysis: 'solicitarCorrecao' (reason required) → 'pendenteCorrecao', left by the creator's 'reenviar'.
 * Generic: it reads the definition, no workflow is named here.
 */
export function correctionStatusesOf(workflow: WorkflowDefinition | undefined): Set<string> {
  const actions = workflow?.actions ?? [];
  const leftByCreator = new Set(
    actions.filter((action) => action.allowedRoles.includes('creator')).flatMap((action) => action.from),
  );
  return new Set(
    actions
      .filter((action) => action.reasonRequired && leftByCreator.has(action.to))
      .map((action) => action.to),
  );
}

interface VersionStatus {
  version: number;
  changedBy: number | null;
  changedAt: Date;
  status: string | null;
  reason: string | null;
}

/**
 * The version that recorded the item's most recent request for correction: the newest version that moved
 * the item into a correction status (its previous version was in another one) with a reason, written by
 * someone other than the item's creator — the request goes from the department to the creator, never the
 * creator's own move. Null when the item never had one.
 */
function lastCorrectionRequest(
  versions: readonly VersionStatus[],
  statuses: ReadonlySet<string>,
  creatorId: number | null,
): VersionStatus | null {
  for (let index = versions.length - 1; index >= 0; index--) {
    const version = versions[index]!;
    const entered = version.status !== (versions[index - 1]?.status ?? null);
    if (
      entered &&
      version.status !== null &&
      statuses.has(version.status) &&
      version.reason &&
      version.changedBy !== creatorId
    )
      return version;
  }
  return null;
}

/**
 * Issue 20: what changed between the version written by the item's last request for correction and the
 * item as it is now — the creator's corrections, shown to the analyst who asked — with the request's reason,
 * who asked and when. Fields the reader may not read (`restricted`, field-read-permissions.ts) are neither
 * named nor valued, as in the history; the values are formatted as the history formats them. The position
 * (ordering, not content) and the workflow's own fields (status, reason, responsible) are no correction.
 */
export async function changesSinceCorrection(
  db: Db,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  language: Language,
  restricted: ReadonlySet<string>,
): Promise<Omit<ChangesSinceCorrectionResult, 'readerIsStaff'>> {
  const none = { correction: null, changes: [] };
  const statuses = correctionStatusesOf(component.workflow);
  if (statuses.size === 0) return none;
  // Only the status and reason of each version: the snapshots are read for the one version found.
  const versions = await db
    .select({
      version: runtimeItemVersions.version,
      changedBy: runtimeItemVersions.changedBy,
      changedAt: runtimeItemVersions.changedAt,
      status: sql<string | null>`${runtimeItemVersions.snapshot}->>'status'`,
      reason: sql<string | null>`${runtimeItemVersions.snapshot}->>'reason'`,
    })
    .from(runtimeItemVersions)
    .where(eq(runtimeItemVersions.itemId, item.id))
    .orderBy(asc(runtimeItemVersions.version));
  const request = lastCorrectionRequest(versions, statuses, item.creatorId);
  if (!request) return none;

  const [row] = await db
    .select({ snapshot: runtimeItemVersions.snapshot })
    .from(runtimeItemVersions)
    .where(and(eq(runtimeItemVersions.itemId, item.id), eq(runtimeItemVersions.version, request.version)));
  const snapshot = (row?.snapshot ?? {}) as { data?: ItemData; title?: string; position?: number };
  const { Position: _ordering, ...changed } = diffItem(
    { data: snapshot.data ?? {}, title: snapshot.title ?? '', position: snapshot.position ?? 0 },
    { data: item.data, title: item.title, position: item.position },
  );
  const changes = withoutRestricted(changed, restricted);
  const names = await userNames(db, [
    ...new Set([
      ...(request.changedBy === null ? [] : [request.changedBy]),
      ...userIdsOf(component, [changes]),
    ]),
  ]);
  const status = component.workflow?.statuses.find((candidate) => candidate.key === request.status);
  return {
    correction: {
      version: request.version,
      reason: restricted.has('Reason') ? null : request.reason,
      requestedBy:
        request.changedBy === null
          ? null
          : { id: request.changedBy, name: names.get(request.changedBy) ?? '' },
      requestedAt: request.changedAt.toISOString(),
      statusName: status ? localize(status.name, language) : (request.status ?? ''),
    },
    changes: describeChanges(
      component,
      changes,
      language,
      names,
      new Map(),
      await fileNamesOf(db, component, [changes]),
    ),
  };
}
