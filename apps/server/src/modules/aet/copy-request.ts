import {
  type AetDraftCreated,
  type ComponentDefinition,
  isRenewableAet,
  type Language,
  type LocalizedText,
  localize,
  storageKindOf,
} from '@der/contracts';
import { visibleItem } from '../../engine/forms/form-items.ts';
import { createItem } from '../../engine/items/create-items.ts';
import type { ItemActor } from '../../engine/items/item-actor.ts';
import type { RuntimeItemRow } from '../../engine/items/items.table.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { findAetRequestComponent } from './aet-component.ts';
import { saoPauloDay } from './aet-validity.ts';

const REFUSALS = {
  notRenewable: {
    'pt-BR': 'Só uma AET por período emitida (vigente, suspensa ou expirada) pode ser renovada',
    en: 'Only an issued period AET (in force, suspended or expired) can be renewed',
  },
} satisfies Record<string, LocalizedText>;

function refusal(code: keyof typeof REFUSALS, language: Language): AppError {
  return new AppError('VALIDATION_FAILED', [
    { field: 'itemId', code, message: localize(REFUSALS[code], language) },
  ]);
}

/**
 * What a copy keeps: the request's own data as the requerente filled it in. Left out: what the department
 * writes (numbers, fee, payment, conditions, issuance: departmentOnly fields), uploaded documents (files belong
 * to the request they were sent with: the checklist asks for them again) and the declarations, which the
 * requerente makes anew for each request. The status starts over (the workflow's initial one).
 */
function copiedData(component: ComponentDefinition, item: RuntimeItemRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of component.fields) {
    if (field.departmentOnly || storageKindOf(field) === 'files' || field.key.startsWith('declaracao'))
      continue;
    const value = item.data[field.key];
    if (value !== undefined && value !== null) data[field.key] = value;
  }
  return data;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The renewal's validity: from the day after the AET's last (today, if that has passed), for as many days. */
function renewedValidity(item: RuntimeItemRow, now: Date): Record<string, string> {
  const start = Date.parse(String(item.data.dataInicioValidade ?? ''));
  const end = Date.parse(String(item.data.dataFimValidade ?? ''));
  if (Number.isNaN(start) || Number.isNaN(end)) return {};
  const today = Date.parse(`${saoPauloDay(now)}T12:00:00.000Z`);
  const from = Math.max(Date.parse(`${saoPauloDay(new Date(end))}T12:00:00.000Z`) + DAY_MS, today);
  // The layout prints days: the new period keeps the old one's number of days.
  const days = Math.round((end - start) / DAY_MS);
  return {
    dataInicioValidade: new Date(from).toISOString(),
    dataFimValidade: new Date(from + days * DAY_MS).toISOString(),
  };
}

/** Copy and renewal of a requerente's own AET requests (domain.md "Copy a request; renew a period AET"). */
export function createAetRequestCopies(deps: { db: Db; now: () => Date }) {
  /** The caller's own AET request: any other (another requerente's, unseen, missing) answers 404 alike. */
  async function ownRequest(actor: ItemActor, itemId: number) {
    const component = await findAetRequestComponent(deps.db);
    if (!component) throw new AppError('NOT_FOUND');
    const { item } = await visibleItem(deps.db, actor, itemId, component.id);
    if (item.creatorId !== actor.userId) throw new AppError('NOT_FOUND');
    return { component, item };
  }

  async function newDraft(
    actor: ItemActor,
    component: ComponentDefinition,
    item: RuntimeItemRow,
    data: Record<string, unknown>,
  ): Promise<AetDraftCreated> {
    const created = await deps.db.transaction((tx) =>
      // As the portal saves a draft: the caller's own, landing where the definition sends portal requests.
      createItem(tx, actor, { componentId: component.id, projectId: 0, title: item.title, data }),
    );
    return { componentId: component.id, itemId: created.id, formattedId: created.formattedId };
  }

  return {
    /** A new draft with the request's data (no numbers, payment, issuance or status). */
    async copy(actor: ItemActor, itemId: number): Promise<AetDraftCreated> {
      const { component, item } = await ownRequest(actor, itemId);
      return newDraft(actor, component, item, copiedData(component, item));
    },

    /**
     * A new draft renewing an issued period AET: its data, the next period of the same length, and the link to
     * the AET it renews (renovaAet, a department field only this server path writes: the actor writes it as the
     * department would, the draft staying the requerente's own).
     */
    async renew(actor: ItemActor, itemId: number): Promise<AetDraftCreated> {
      const { component, item } = await ownRequest(actor, itemId);
      if (!isRenewableAet(item.status, item.data)) throw refusal('notRenewable', actor.language);
      const data = {
        ...copiedData(component, item),
        ...renewedValidity(item, deps.now()),
        renovaAet: item.data.numeroAet,
      };
      const { kind: _portal, ...asDepartment } = actor;
      return newDraft(asDepartment, component, item, data);
    },
  };
}
export type AetRequestCopies = ReturnType<typeof createAetRequestCopies>;
