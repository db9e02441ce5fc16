import type {
  FieldDefinitionInput,
  FieldType,
  FormComponentInput,
  LocalizedText,
  MenuItemDefinitionInput,
  PicklistOption,
} from '@der/contracts';

/** Brief builders for the demo definitions: the output is plain definition JSON, checked by the schema. */

export const text = (ptBR: string, en: string): LocalizedText => ({ 'pt-BR': ptBR, en });

export function option(value: string, ptBR: string, en: string, color?: string): PicklistOption {
  return color ? { value, text: text(ptBR, en), color } : { value, text: text(ptBR, en) };
}

export function field(
  key: string,
  type: FieldType,
  label: LocalizedText,
  extra: Omit<Partial<FieldDefinitionInput>, 'key' | 'type' | 'label'> = {},
): FieldDefinitionInput {
  return { key, type, label, ...extra };
}

/** The form components bound to one field. */
export type FieldControlType = Extract<FormComponentInput, { field: string }>['type'];

/** A control editing `fieldKey`, `columnSpan` columns wide on the form's 12-column grid. */
export function control(type: FieldControlType, fieldKey: string, columnSpan = 6): FormComponentInput {
  // Every member of FieldControlType accepts { type, field, columnSpan } (their other properties are optional).
  return { type, field: fieldKey, columnSpan } as FormComponentInput;
}

export function groupBox(title: LocalizedText, children: FormComponentInput[]): FormComponentInput {
  return { type: 'groupBox', title, children };
}

/** The application's groups of the demo data (apps/server groups.seed.ts). */
export const GROUPS = {
  administradores: 'Administradores',
  analistas: 'Analistas DER',
  permissionarios: 'Permissionários',
  requerentes: 'Requerentes',
} as const;

/**
 * The department's intake projects (items of Gestão de Projetos' project component) that the portals' requests
 * land in (ComponentDefinition.externalRequests): their members, the analysts, see every new request. The demo
 * seed creates them with the analysts' group as member.
 */
export const INTAKE_PROJECTS = {
  aet: 'Solicitações de AET',
  tpeu: 'Solicitações de TPEU',
} as const;

/** Status colours shared by the demo workflows. */
export const STATUS_COLORS = {
  draft: '#9E9E9E',
  analysis: '#1E88E5',
  pending: '#FB8C00',
  approved: '#43A047',
  rejected: '#E53935',
  issued: '#00897B',
  neutral: '#5E35B1',
} as const;

/**
 * The analysts' work queue ('Minhas pendências': the items whose responsible is the user or one of their groups,
 * by status), in each department application's menu. Restricted to the department's groups: requerentes and
 * permissionários keep only their own menu entries.
 */
export const MINHAS_PENDENCIAS: MenuItemDefinitionInput = {
  key: 'minhas-pendencias',
  name: text('Minhas pendências', 'My pending work'),
  icon: 'Inbox',
  target: { kind: 'pendingWork' },
  groups: [GROUPS.analistas, GROUPS.administradores],
};

/** 'Quadro de solicitações': the analysts' board of a portal's requests by status (department groups only). */
export function quadroDeSolicitacoes(viewId: number): MenuItemDefinitionInput {
  return {
    key: 'quadro-solicitacoes',
    name: text('Quadro de solicitações', 'Request board'),
    icon: 'ViewKanban',
    target: { kind: 'kanban', viewId, title: 'Quadro de solicitações' },
    groups: [GROUPS.analistas, GROUPS.administradores],
  };
}
