import type {
  ExecuteFilterBodySchema,
  LoadGenericItemsBodySchema,
  LoadPicklistItemsBodySchema,
  LookupBodySchema,
  SearchItemsByQueryBodySchema,
} from '@der/contracts';
import {
  type ColumnItem,
  type ComponentByName,
  type ExecuteFilterResult,
  FORM_MODES,
  type ItemChoice,
  type Language,
  LIST_COUNT_CAP,
  type ListControlMetadata,
  type ListQuery,
  type ListUser,
  MAX_ROWS_PER_PAGE,
} from '@der/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { containsPattern } from '../../infra/db/like-pattern.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { fieldError } from './filter-errors.ts';
import { type ItemViewer, visibleItemCondition } from './item-visibility.ts';
import { listColumns, picklistItems, statusItems } from './list-columns.ts';
import { type ListComponent, loadComponentByName, loadListComponent, summarize } from './list-component.ts';
import { decodeCursor, encodeCursor } from './list-order.ts';
import { countCapped, fetchRows, idsAfter, type OrderedId, pageIds, scopeCondition } from './list-query.ts';
import { DEFAULT_SORT, findListView, type ResolvedList, resolveList } from './list-request.ts';
import { displayRows } from './row-display.ts';

/** Who asks, and in which language texts (labels, statuses, options) are answered. */
export interface ListViewer extends ItemViewer {
  language: Language;
  /** The kind of account (field read permissions name external users); absent: acts for the department. */
  kind?: 'staff' | 'permissionario' | 'requerente';
}

type ExecuteFilterBody = z.output<typeof ExecuteFilterBodySchema>;
type LoadGenericItemsBody = z.output<typeof LoadGenericItemsBodySchema>;
type SearchItemsBody = z.output<typeof SearchItemsByQueryBodySchema>;
type LookupBody = z.output<typeof LookupBodySchema>;
/** ILIKE pattern of a search text ('%' — everything — for blank text). */
const matchAnywhere = (text: string) => containsPattern(text) ?? '%';
type LoadPicklistItemsBody = z.output<typeof LoadPicklistItemsBodySchema>;

const itemChoiceColumns = {
  id: runtimeItems.id,
  componentId: runtimeItems.componentId,
  projectId: runtimeItems.projectId,
  formattedId: runtimeItems.formattedId,
  title: runtimeItems.title,
};

export function createListingService(deps: { db: Db }) {
  const { db } = deps;

  /** A project scope the viewer cannot see answers 404 (lists of a project start from its title). */
  async function visibleProjectTitle(viewer: ItemViewer, projectId: number): Promise<string> {
    const [row] = await db
      .select({ title: runtimeItems.title })
      .from(runtimeItems)
      .where(and(eq(runtimeItems.id, projectId), isProjectItem, visibleItemCondition(viewer)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row.title;
  }

  /** The ids of one page and whether more follow (one row beyond the page is read to know). */
  async function pageOf(
    resolved: ResolvedList,
    body: ExecuteFilterBody,
  ): Promise<{ ids: OrderedId[]; more: boolean }> {
    const limit = body.rowsPerPage;
    const found = body.after
      ? await idsAfter(
          db,
          resolved.scope,
          resolved.order,
          decodeCursor(resolved.order, body.after),
          limit + 1,
        )
      : await pageIds(db, resolved.scope, resolved.order, {
          offset: (body.page - 1) * limit,
          limit: limit + 1,
        });
    return { ids: found.slice(0, limit), more: found.length > limit };
  }

  return {
    resolve(viewer: ListViewer, component: ListComponent, request: ListQuery): ResolvedList {
      return resolveList(component, viewer, request, viewer.language);
    },

    loadComponent(viewer: ItemViewer, componentId: number): Promise<ListComponent> {
      return loadListComponent(db, viewer, componentId);
    },

    async getListControlData(
      viewer: ListViewer,
      query: { componentID: number; projectID?: number | undefined },
    ): Promise<ListControlMetadata> {
      const component = await loadListComponent(db, viewer, query.componentID);
      const projectTitle = query.projectID ? await visibleProjectTitle(viewer, query.projectID) : null;
      const { definition } = component;
      const firstQuery = (definition.queries ?? [])[0];
      return {
        component: summarize(component, viewer.language),
        projectId: query.projectID ?? null,
        projectTitle,
        columns: listColumns(definition, viewer.language, findListView(component, undefined)),
        queries: (definition.queries ?? []).map((saved) => ({
          id: saved.id,
          name: saved.name[viewer.language],
        })),
        views: (definition.listViews ?? []).map((view) => ({
          id: view.id,
          name: view.name[viewer.language],
          columns: view.columns.filter((column) => column.visible).map((column) => column.field),
        })),
        defaultSort: firstQuery?.sort[0] ?? DEFAULT_SORT,
        defaultFormId: (definition.forms ?? []).find((form) => form.mode === FORM_MODES.standard)?.id ?? null,
        maxRowsPerPage: MAX_ROWS_PER_PAGE,
        countCap: LIST_COUNT_CAP,
      };
    },

    /**
     * Spec §7.6 executeFilter: one page by number (deferred join) or after a cursor (keyset), the count capped
     * at LIST_COUNT_CAP, rows with their display values. Invisible items are never returned or counted.
     */
    async executeFilter(viewer: ListViewer, body: ExecuteFilterBody): Promise<ExecuteFilterResult> {
      const component = await loadListComponent(db, viewer, body.componentID);
      const resolved = resolveList(component, viewer, body, viewer.language);
      const [{ ids, more }, count] = await Promise.all([
        pageOf(resolved, body),
        countCapped(db, resolved.scope),
      ]);
      const rows = await fetchRows(
        db,
        ids.map((entry) => entry.id),
      );
      const displayed = await displayRows(
        { db, viewer, language: viewer.language, component: component.definition, fields: resolved.fields },
        rows,
      );
      const last = ids.at(-1);
      return {
        rows: displayed.rows,
        total: count.total,
        capped: count.capped,
        page: body.after ? 0 : body.page,
        rowsPerPage: body.rowsPerPage,
        nextCursor:
          more && last ? encodeCursor(resolved.order, { value: last.sortValue, id: last.id }) : null,
        users: displayed.users,
      };
    },

    /** Spec §7.6 loadGenericItems: visible items of a component, by ids or by a text in the code or title. */
    async loadGenericItems(viewer: ListViewer, body: LoadGenericItemsBody): Promise<ItemChoice[]> {
      await loadListComponent(db, viewer, body.componentID);
      const conditions: SQL[] = [
        scopeCondition({ componentId: body.componentID, projectId: body.projectId ?? undefined, viewer }),
      ];
      if (body.ids) conditions.push(inArray(runtimeItems.id, body.ids.length > 0 ? body.ids : [0]));
      if (body.search) {
        const pattern = matchAnywhere(body.search);
        conditions.push(
          or(ilike(runtimeItems.title, pattern), ilike(runtimeItems.formattedId, pattern)) as SQL,
        );
      }
      return db
        .select(itemChoiceColumns)
        .from(runtimeItems)
        .where(and(...conditions))
        .orderBy(desc(runtimeItems.id))
        .limit(body.limit);
    },

    /** Spec §7.6 searchItemsByQuery: the text in Title, FormattedID or any STRING field (visible items only). */
    async searchItemsByQuery(viewer: ListViewer, body: SearchItemsBody): Promise<ItemChoice[]> {
      const component = await loadListComponent(db, viewer, body.componentID);
      const pattern = matchAnywhere(body.query);
      const textFields = component.definition.fields.filter((field) => field.type === 'STRING');
      const matches = or(
        ilike(runtimeItems.title, pattern),
        ilike(runtimeItems.formattedId, pattern),
        ...textFields.map((field) => sql`${fieldValueExpression(field)} ilike ${pattern}`),
      ) as SQL;
      return db
        .select(itemChoiceColumns)
        .from(runtimeItems)
        .where(
          and(
            scopeCondition({ componentId: body.componentID, projectId: body.projectId ?? undefined, viewer }),
            matches,
          ),
        )
        .orderBy(desc(runtimeItems.id))
        .limit(body.limit);
    },

    /** The item types of a project: the other components of the project component's application. */
    async getAllowedsProjectItemTypes(viewer: ListViewer, projectId: number) {
      const [project] = await db
        .select({ componentId: runtimeItems.componentId })
        .from(runtimeItems)
        .where(and(eq(runtimeItems.id, projectId), isProjectItem, visibleItemCondition(viewer)))
        .limit(1);
      if (!project) throw new AppError('NOT_FOUND');
      const projectComponent = await loadListComponent(db, viewer, project.componentId);
      const rows = await db
        .select()
        .from(runtimeComponents)
        .where(
          and(
            eq(runtimeComponents.applicationId, projectComponent.applicationId),
            isNull(runtimeComponents.removedAt),
            ne(runtimeComponents.id, project.componentId),
          ),
        )
        .orderBy(asc(runtimeComponents.id));
      return {
        components: rows
          .filter((row) => !row.definition.isProject)
          .map((row) =>
            summarize({ definition: row.definition, applicationId: row.applicationId }, viewer.language),
          ),
      };
    },

    async getComponentByName(viewer: ListViewer, name: string): Promise<ComponentByName> {
      const component = await loadComponentByName(db, viewer, name);
      const { definition } = component;
      return {
        ...summarize(component, viewer.language),
        labels: { label: definition.label, pluralLabel: definition.pluralLabel },
        formattedIdPattern: definition.formattedIdPattern,
        fields: definition.fields,
      };
    },

    /**
     * Users for choosers: a search lists active staff (external applicants are not offered to everyone);
     * ids answer whoever they are, so a stored reference can always be shown.
     */
    async loadUsers(body: LookupBody): Promise<ListUser[]> {
      const conditions: SQL[] = [];
      if (body.ids) conditions.push(inArray(users.id, body.ids.length > 0 ? body.ids : [0]));
      else conditions.push(eq(users.kind, 'staff'), eq(users.activated, true), eq(users.disabled, false));
      if (body.search) conditions.push(ilike(users.name, matchAnywhere(body.search)));
      return db
        .select({ id: users.id, name: users.name, avatar: users.avatar })
        .from(users)
        .where(and(...conditions))
        .orderBy(asc(users.name), asc(users.id))
        .limit(body.limit);
    },

    /** User groups for choosers (GROUPS and USERS_OR_GROUPS fields). */
    async loadGroups(body: LookupBody) {
      const conditions: SQL[] = [];
      if (body.ids) conditions.push(inArray(userGroups.id, body.ids.length > 0 ? body.ids : [0]));
      if (body.search) conditions.push(ilike(userGroups.name, matchAnywhere(body.search)));
      return db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(and(...conditions))
        .orderBy(asc(userGroups.name), asc(userGroups.id))
        .limit(body.limit);
    },

    /**
     * Organisational units for choosers (ORGANIZATIONAL_STRUCTURE fields), flat with their parents so the
     * chooser can draw the tree. A search offers active units only (by name or sigla); ids answer inactive
     * ones too, so a stored value can always be shown.
     */
    async loadOrganizationalStructures(body: LookupBody) {
      const units = organizationalUnits;
      const conditions: SQL[] = [];
      if (body.ids) conditions.push(inArray(units.id, body.ids.length > 0 ? body.ids : [0]));
      else conditions.push(eq(units.active, true));
      if (body.search) {
        const pattern = matchAnywhere(body.search);
        conditions.push(or(ilike(units.name, pattern), ilike(units.acronym, pattern)) as SQL);
      }
      return db
        .select({ id: units.id, name: units.name, acronym: units.acronym, parentId: units.parentId })
        .from(units)
        .where(and(...conditions))
        .orderBy(asc(units.name), asc(units.id))
        .limit(body.limit);
    },

    async loadCompanies(body: LookupBody) {
      const conditions: SQL[] = [];
      if (body.ids) conditions.push(inArray(companies.id, body.ids.length > 0 ? body.ids : [0]));
      if (body.search) {
        const pattern = matchAnywhere(body.search);
        conditions.push(or(ilike(companies.name, pattern), ilike(companies.tradeName, pattern)) as SQL);
      }
      return db
        .select({ id: companies.id, name: companies.name, tradeName: companies.tradeName })
        .from(companies)
        .where(and(...conditions))
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(body.limit);
    },

    /** Options of a PICKLIST field, or the workflow statuses for an ITEM_TYPE_STATUS field (or StatusName). */
    async loadPicklistItems(viewer: ListViewer, body: LoadPicklistItemsBody): Promise<ColumnItem[]> {
      const { definition } = await loadListComponent(db, viewer, body.componentID);
      if (body.field === 'StatusName') return statusItems(definition, viewer.language);
      const field = definition.fields.find((candidate) => candidate.key === body.field);
      if (!field) throw fieldError('field', body.field, 'unknownField');
      if (field.type === 'PICKLIST') return picklistItems(field, viewer.language);
      if (field.type === 'ITEM_TYPE_STATUS') return statusItems(definition, viewer.language);
      // A field without choices has no picklist: a 400 naming it, not an empty list that looks like one.
      throw fieldError('field', body.field, 'invalidValue');
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
