import {
  adminWorkCalendarRoutes,
  assertNever,
  type FieldDefinition,
  listingRoutes,
  organizationalUnitLabel,
  projectRoutes,
  resourceRoutes,
} from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import type {
  ReferenceOption,
  ReferenceServices,
  ReferenceValue,
} from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

/** Choices offered per search: enough to find someone by a few letters, few enough to read. */
const CHOICES = 20;

const byText = (search: string) => {
  const wanted = search.toLocaleLowerCase('pt-BR');
  return (option: ReferenceOption) => option.label.toLocaleLowerCase('pt-BR').includes(wanted);
};

const idsOf = (values: readonly ReferenceValue[], kind?: 'user' | 'group'): number[] =>
  values.flatMap((value) => {
    if (typeof value === 'number') return kind === 'group' ? [] : [value];
    if (typeof value === 'object' && (kind === undefined || value.kind === kind)) return [value.id];
    return [];
  });

async function users(
  lookup: { search?: string; ids?: number[] },
  asEntries = false,
): Promise<ReferenceOption[]> {
  const { users } = await apiCall(listingRoutes.loadUsers, { body: { ...lookup, limit: CHOICES } });
  return users.map((user) => ({
    key: asEntries ? `user:${user.id}` : String(user.id),
    value: asEntries ? { kind: 'user', id: user.id } : user.id,
    label: user.name,
    avatar: user.avatar,
    ...(asEntries ? { kind: 'user' as const } : {}),
  }));
}

async function groups(
  lookup: { search?: string; ids?: number[] },
  asEntries = false,
): Promise<ReferenceOption[]> {
  const { groups } = await apiCall(listingRoutes.loadGroups, { body: { ...lookup, limit: CHOICES } });
  return groups.map((group) => ({
    key: asEntries ? `group:${group.id}` : String(group.id),
    value: asEntries ? { kind: 'group', id: group.id } : group.id,
    label: group.name,
    ...(asEntries ? { kind: 'group' as const } : {}),
  }));
}

/** The records a reference field may point at, by text (`search`) or by the stored values (`ids`). */
async function lookUp(
  componentId: number,
  field: FieldDefinition,
  lookup: { search?: string; ids?: number[]; values?: readonly ReferenceValue[] },
): Promise<ReferenceOption[]> {
  const type = field.type;
  switch (type) {
    case 'USERS':
      return users(lookup);
    case 'GROUPS':
      return groups(lookup);
    case 'USERS_OR_GROUPS': {
      if (lookup.values) {
        const [someUsers, someGroups] = await Promise.all([
          users({ ids: idsOf(lookup.values, 'user') }, true),
          groups({ ids: idsOf(lookup.values, 'group') }, true),
        ]);
        return [...someUsers, ...someGroups];
      }
      const [someUsers, someGroups] = await Promise.all([users(lookup, true), groups(lookup, true)]);
      return [...someUsers, ...someGroups];
    }
    case 'COMPANY': {
      const { companies } = await apiCall(listingRoutes.loadCompanies, {
        body: { ...lookup, limit: CHOICES },
      });
      return companies.map((company) => ({
        key: String(company.id),
        value: company.id,
        label: company.tradeName ? `${company.name} (${company.tradeName})` : company.name,
      }));
    }
    case 'ORGANIZATIONAL_STRUCTURE': {
      const { structures } = await apiCall(listingRoutes.loadOrganizationalStructures, {
        body: { ...lookup, limit: CHOICES },
      });
      return structures.map((unit) => ({
        key: String(unit.id),
        value: unit.id,
        label: organizationalUnitLabel(unit),
      }));
    }
    case 'PROJECT': {
      // The projects the user sees are few: filtered here rather than by the server.
      const projects = await apiCall(projectRoutes.loadProjects, { query: {} });
      const options = projects.map((project) => ({
        key: String(project.id),
        value: project.id,
        label: `${project.formattedId} — ${project.title}`,
      }));
      if (lookup.ids) return options.filter((option) => lookup.ids?.includes(option.value));
      return options.filter(byText(lookup.search ?? '')).slice(0, CHOICES);
    }
    case 'GENERIC_ITEM_TYPE': {
      if (field.targetComponentId === undefined) return [];
      const { items } = await apiCall(listingRoutes.loadGenericItems, {
        body: { componentID: field.targetComponentId, ...lookup, limit: CHOICES },
      });
      return items.map((item) => ({
        key: String(item.id),
        value: item.id,
        label: `${item.formattedId} — ${item.title}`,
      }));
    }
    case 'ITEM_TYPE_STATUS': {
      const { items } = await apiCall(listingRoutes.loadPicklistItems, {
        body: { componentID: componentId, field: field.key },
      });
      const options = items.map((item) => ({ key: item.value, value: item.value, label: item.text }));
      return options.filter(byText(lookup.search ?? ''));
    }
    case 'CALENDAR': {
      const { calendars } = await apiCall(adminWorkCalendarRoutes.loadWorkCalendars, {
        body: { ...lookup, limit: CHOICES },
      });
      return calendars.map((calendar) => ({
        key: String(calendar.id),
        value: calendar.id,
        label: calendar.name,
      }));
    }
    case 'RESOURCES': {
      // Stored ids resolve whatever their state; a search offers active resources (spec §7.4).
      const { rows } = await apiCall(resourceRoutes.getResources, {
        body: {
          componentId,
          ...(lookup.ids
            ? { ids: lookup.ids, pageSize: Math.min(Math.max(lookup.ids.length, 1), 500) }
            : { active: true, pageSize: CHOICES, ...(lookup.search ? { search: lookup.search } : {}) }),
        },
      });
      return rows.map((resource) => ({ key: String(resource.id), value: resource.id, label: resource.name }));
    }
    case 'STRING':
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY':
    case 'PERCENTILE':
    case 'DURATION':
    case 'BOOLEAN':
    case 'DATE_TIME':
    case 'RICH_TEXT':
    case 'PICKLIST':
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
    case 'TABLE':
      return [];
    default:
      return assertNever(type);
  }
}

/** The reference choosers' calls for a form of one component (the listing lookups of spec §7.6). */
export function referenceServices(componentId: number): ReferenceServices {
  return {
    search: (field, text) => lookUp(componentId, field, text ? { search: text } : {}),
    resolve: async (field, values) => {
      if (field.type === 'ITEM_TYPE_STATUS') {
        const all = await lookUp(componentId, field, {});
        return all.filter((option) => values.includes(option.value));
      }
      return lookUp(componentId, field, { ids: idsOf(values), values });
    },
  };
}
