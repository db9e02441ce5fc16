import {
  type AdditionalField,
  type AdditionalFieldEntity,
  type AdditionalFieldSaveBodySchema,
  formatValidationMessage,
  type Language,
  type PublicAdditionalField,
} from '@der/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type AdditionalFieldRow, additionalFieldDefinitions } from './additional-fields.table.ts';
import {
  type AdditionalFieldsValidation,
  validateAdditionalFieldValues,
} from './additional-fields.validator.ts';

type SaveBody = z.output<typeof AdditionalFieldSaveBodySchema>;

export interface AdminActor {
  userId: number;
  ip: string;
}

function toView(row: AdditionalFieldRow): AdditionalField {
  return {
    id: row.id,
    entity: row.entity,
    name: row.name,
    labelPtBr: row.labelPtBr,
    labelEn: row.labelEn,
    type: row.type,
    required: row.required,
    options: row.options,
    position: row.position,
    active: row.active,
  };
}

export function createAdditionalFieldsService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db } = deps;

  async function activeRows(entity: AdditionalFieldEntity, tx: Db = db): Promise<AdditionalFieldRow[]> {
    return tx
      .select()
      .from(additionalFieldDefinitions)
      .where(and(eq(additionalFieldDefinitions.entity, entity), eq(additionalFieldDefinitions.active, true)))
      .orderBy(asc(additionalFieldDefinitions.position), asc(additionalFieldDefinitions.id));
  }

  /**
   * Checks the values of an entity's active additional fields (server-authoritative): the normalised values
   * to store, and issues `{ field: 'body.additionalFields.<name>', message: <VALIDATION_MESSAGES key> }`.
   */
  async function validateAdditionalFields(
    entity: AdditionalFieldEntity,
    values: Record<string, unknown> | null | undefined,
    tx: Db = db,
  ): Promise<AdditionalFieldsValidation> {
    return validateAdditionalFieldValues(await activeRows(entity, tx), values);
  }

  /**
   * 400 VALIDATION_FAILED naming every offending field with its message already translated (the error
   * handler cannot fill `{minimum}`/`{maximum}` of AppError details).
   */
  function throwOnIssues(result: AdditionalFieldsValidation, language: Language): void {
    if (result.issues.length === 0) return;
    throw new AppError(
      'VALIDATION_FAILED',
      result.issues.map((issue) => ({
        field: issue.field,
        message: formatValidationMessage(issue.message, language, issue.params),
      })),
    );
  }

  return {
    validateAdditionalFields,

    /** The values to store for a new record, or 400 VALIDATION_FAILED (see throwOnIssues). */
    async checkOrThrow(
      entity: AdditionalFieldEntity,
      values: Record<string, unknown> | null | undefined,
      language: Language,
    ): Promise<Record<string, unknown>> {
      const result = await validateAdditionalFields(entity, values);
      throwOnIssues(result, language);
      return result.values;
    },

    /**
     * The values to store when a record is saved from an administration form: the active fields' checked
     * values over the `stored` ones. Values of fields deleted or deactivated since are kept, so that no save
     * erases data an administrator can bring back by reactivating the field; an active optional field left
     * empty is removed. 400 VALIDATION_FAILED as checkOrThrow. Reads the definitions in `tx`.
     */
    async checkEditOrThrow(
      entity: AdditionalFieldEntity,
      values: Record<string, unknown> | null | undefined,
      stored: Record<string, unknown>,
      language: Language,
      tx: Db = db,
    ): Promise<Record<string, unknown>> {
      const rules = await activeRows(entity, tx);
      const result = validateAdditionalFieldValues(rules, values);
      throwOnIssues(result, language);
      const active = new Set(rules.map((rule) => rule.name));
      const kept = Object.entries(stored).filter(([name]) => !active.has(name));
      return { ...Object.fromEntries(kept), ...result.values };
    },

    async list(entity?: AdditionalFieldEntity): Promise<AdditionalField[]> {
      const rows = await db
        .select()
        .from(additionalFieldDefinitions)
        .where(entity ? eq(additionalFieldDefinitions.entity, entity) : undefined)
        .orderBy(
          asc(additionalFieldDefinitions.entity),
          asc(additionalFieldDefinitions.position),
          asc(additionalFieldDefinitions.id),
        );
      return rows.map(toView);
    },

    async listPublic(entity: 'permissionario' | 'requerente'): Promise<PublicAdditionalField[]> {
      return (await activeRows(entity)).map(
        ({ name, labelPtBr, labelEn, type, required, options, position }) => ({
          name,
          labelPtBr,
          labelEn,
          type,
          required,
          options,
          position,
        }),
      );
    },

    async save(body: SaveBody, actor: AdminActor): Promise<AdditionalField> {
      const values = {
        entity: body.entity,
        name: body.name,
        labelPtBr: body.labelPtBr,
        labelEn: body.labelEn,
        type: body.type,
        required: body.required,
        options: body.options,
        position: body.position,
        active: body.active,
        updatedAt: deps.now(),
      };
      try {
        return await db.transaction(async (tx) => {
          let row: AdditionalFieldRow | undefined;
          if (body.id > 0) {
            [row] = await tx
              .update(additionalFieldDefinitions)
              .set(values)
              .where(eq(additionalFieldDefinitions.id, body.id))
              .returning();
            if (!row) throw new AppError('NOT_FOUND');
          } else {
            [row] = await tx
              .insert(additionalFieldDefinitions)
              .values({ ...values, createdAt: deps.now() })
              .returning();
          }
          if (!row) throw new Error('additional field write returned no row');
          await deps.audit.append(tx, {
            action: 'admin.additionalField.saved',
            actorUserId: actor.userId,
            ip: actor.ip,
            target: `additionalField:${row.id}`,
            details: {
              created: body.id === 0,
              entity: row.entity,
              name: row.name,
              type: row.type,
              required: row.required,
              active: row.active,
            },
          });
          return toView(row);
        });
      } catch (error) {
        if (uniqueViolation(error) !== null) {
          throw new AppError('ADDITIONAL_FIELD_DUPLICATE_NAME', [
            { field: 'body.name', message: 'invalidValue' },
          ]);
        }
        throw error;
      }
    },

    async remove(id: number, actor: AdminActor): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(additionalFieldDefinitions)
          .where(eq(additionalFieldDefinitions.id, id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND');
        await deps.audit.append(tx, {
          action: 'admin.additionalField.deleted',
          actorUserId: actor.userId,
          ip: actor.ip,
          target: `additionalField:${row.id}`,
          details: { entity: row.entity, name: row.name },
        });
      });
      return { success: true };
    },
  };
}
export type AdditionalFieldsService = ReturnType<typeof createAdditionalFieldsService>;
