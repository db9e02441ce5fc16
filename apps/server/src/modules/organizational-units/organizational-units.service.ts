import type {
  OrganizationalUnit,
  SaveOrganizationalUnitBodySchema,
  ValidationMessageKey,
} from '@der/contracts';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { runtimeComponents } from '../../engine/definitions/definitions.table.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import type { AdminContext } from '../admin-users/admin-context.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { diffFields } from '../audit/field-diff.ts';
import { type OrganizationalUnitRow, organizationalUnits } from './organizational-units.table.ts';

type SaveUnitInput = z.output<typeof SaveOrganizationalUnitBodySchema>;

// Any constant works: it serialises the changes of the tree, so two concurrent moves cannot form a cycle.
const UNIT_TREE_LOCK = 4_242_017;

const fieldIssue = (field: 'parentId' | 'name', message: ValidationMessageKey) =>
  new AppError('VALIDATION_FAILED', [{ field: `body.${field}`, message }]);

/** What the audit trail records of a unit. */
const audited = (unit: Pick<OrganizationalUnitRow, 'name' | 'acronym' | 'parentId' | 'active'>) => ({
  name: unit.name,
  acronym: unit.acronym,
  parentId: unit.parentId,
  active: unit.active,
});

/** `parentId` would put the unit below itself: the parent is the unit or one of its descendants. */
function formsCycle(units: readonly OrganizationalUnitRow[], unitId: number, parentId: number): boolean {
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parentId]));
  const seen = new Set<number>();
  for (let current: number | null = parentId; current !== null; current = parentOf.get(current) ?? null) {
    if (current === unitId || seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/**
 * How many items hold the unit in an ORGANIZATIONAL_STRUCTURE field of a current component (one id or an id
 * list: jsonb `@>` matches both).
 */
async function itemsHolding(tx: Db, unitId: number): Promise<number> {
  const components = await tx
    .select({ id: runtimeComponents.id, definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(isNull(runtimeComponents.removedAt));
  const holds: SQL[] = components.flatMap((component) =>
    component.definition.fields
      .filter((field) => field.type === 'ORGANIZATIONAL_STRUCTURE')
      .map(
        (field) =>
          sql`(${runtimeItems.componentId} = ${component.id} and ${runtimeItems.data} -> ${field.key} @> to_jsonb(${unitId}::int))`,
      ),
  );
  if (holds.length === 0) return 0;
  const [row] = await tx.select({ total: count() }).from(runtimeItems).where(sql.join(holds, sql` or `));
  return row?.total ?? 0;
}

/** The organisational units (administration): the tree, its changes and deletions, all audited. */
export function createOrganizationalUnitsService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db } = deps;

  /** 400 naming the field when the parent is unknown, below the unit, or a sibling already has the name. */
  function assertPlacement(units: readonly OrganizationalUnitRow[], input: SaveUnitInput) {
    if (input.parentId !== null) {
      if (!units.some((unit) => unit.id === input.parentId)) throw fieldIssue('parentId', 'invalidValue');
      if (input.id !== 0 && formsCycle(units, input.id, input.parentId))
        throw fieldIssue('parentId', 'organizationalUnitParentCycle');
    }
    const name = input.name.toLocaleLowerCase('pt-BR');
    const clash = units.some(
      (unit) =>
        unit.id !== input.id &&
        unit.parentId === input.parentId &&
        unit.name.toLocaleLowerCase('pt-BR') === name,
    );
    if (clash) throw fieldIssue('name', 'organizationalUnitDuplicateName');
  }

  return {
    async listOrganizationalUnits(): Promise<OrganizationalUnit[]> {
      return db
        .select({
          id: organizationalUnits.id,
          name: organizationalUnits.name,
          acronym: organizationalUnits.acronym,
          parentId: organizationalUnits.parentId,
          active: organizationalUnits.active,
          version: organizationalUnits.version,
        })
        .from(organizationalUnits)
        .orderBy(asc(organizationalUnits.name), asc(organizationalUnits.id));
    },

    async saveOrganizationalUnit(input: SaveUnitInput, ctx: AdminContext) {
      const fields = {
        name: input.name,
        acronym: input.acronym,
        parentId: input.parentId,
        active: input.active,
      };
      try {
        const saved = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${UNIT_TREE_LOCK})`);
          const units = await tx.select().from(organizationalUnits);
          if (input.id === 0) {
            assertPlacement(units, input);
            const [created] = await tx
              .insert(organizationalUnits)
              .values(fields)
              .returning({ id: organizationalUnits.id, version: organizationalUnits.version });
            await deps.audit.append(tx, {
              action: 'admin.organizationalUnit.created',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `organizationalUnit:${created!.id}`,
              details: diffFields({}, audited(fields)),
            });
            return created!;
          }
          const current = units.find((unit) => unit.id === input.id);
          if (!current) throw new AppError('NOT_FOUND');
          if (current.version !== input.version) throw new AppError('CONFLICT');
          assertPlacement(units, input);
          const [updated] = await tx
            .update(organizationalUnits)
            .set({ ...fields, version: sql`${organizationalUnits.version} + 1`, updatedAt: deps.now() })
            .where(
              and(eq(organizationalUnits.id, current.id), eq(organizationalUnits.version, input.version)),
            )
            .returning({ id: organizationalUnits.id, version: organizationalUnits.version });
          if (!updated) throw new AppError('CONFLICT');
          await deps.audit.append(tx, {
            action: 'admin.organizationalUnit.updated',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `organizationalUnit:${current.id}`,
            details: diffFields(audited(current), audited(fields)),
          });
          return updated;
        });
        return {
          success: true as const,
          message: translateInfo('adminOrganizationalUnitSaved', ctx.language),
          ...saved,
        };
      } catch (error) {
        if (uniqueViolation(error) === 'organizational_units_sibling_name_unique')
          throw fieldIssue('name', 'organizationalUnitDuplicateName');
        throw error;
      }
    },

    /** Only a leaf no item holds: deactivating keeps the stored values readable instead. */
    async deleteOrganizationalUnit(id: number, ctx: AdminContext) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${UNIT_TREE_LOCK})`);
        const [unit] = await tx.select().from(organizationalUnits).where(eq(organizationalUnits.id, id));
        if (!unit) throw new AppError('NOT_FOUND');
        const [child] = await tx
          .select({ id: organizationalUnits.id })
          .from(organizationalUnits)
          .where(eq(organizationalUnits.parentId, id))
          .limit(1);
        if (child) throw errorWithParams('ORGANIZATIONAL_UNIT_HAS_CHILDREN', { name: unit.name });
        const holding = await itemsHolding(tx, id);
        if (holding > 0)
          throw errorWithParams('ORGANIZATIONAL_UNIT_IN_USE', { name: unit.name, count: String(holding) });
        await tx.delete(organizationalUnits).where(eq(organizationalUnits.id, id));
        await deps.audit.append(tx, {
          action: 'admin.organizationalUnit.deleted',
          actorUserId: ctx.actorUserId,
          ip: ctx.ip,
          target: `organizationalUnit:${id}`,
          details: diffFields(audited(unit), { name: null, acronym: null, parentId: null, active: null }),
        });
      });
      return {
        success: true as const,
        message: translateInfo('adminOrganizationalUnitRemoved', ctx.language),
      };
    },
  };
}
export type OrganizationalUnitsService = ReturnType<typeof createOrganizationalUnitsService>;
