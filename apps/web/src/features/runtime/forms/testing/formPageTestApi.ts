import type { FormComponentInput, FormItem, FormView } from '@der/contracts';
import {
  AET_COMPONENT,
  AET_COMPONENT_INPUT,
} from '../../../../shared/ui/FormRenderer/testing/formFixtures.ts';
import { type FakeHandler, json } from '../../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../../shell/testing/shellTestApi.ts';

export const AET_FORM_LAYOUT: FormComponentInput[] = [
  { type: 'textbox', field: 'requerente', columnSpan: 6 },
  { type: 'maskedText', field: 'cpf', columnSpan: 6 },
  { type: 'numericPicker', field: 'valorTaxa', columnSpan: 6 },
  { type: 'dropdown', field: 'tipoVeiculo', columnSpan: 6 },
  { type: 'textbox', field: 'placaCavalo', columnSpan: 6 },
  { type: 'itemHistory' },
];

/** getForm's answer for component 1, form 1 (fields resolved in pt-BR, rules for the browser). */
export function aetFormView(overrides: Partial<FormView> = {}): unknown {
  return {
    componentId: 1,
    formId: 1,
    name: 'Solicitação',
    componentLabel: 'Solicitação de AET',
    componentName: 'SolicitacaoAET',
    mode: 1,
    layout: AET_FORM_LAYOUT,
    fields: AET_COMPONENT.fields.map((field) => ({
      key: field.key,
      type: field.type,
      label: field.label['pt-BR'],
      required: field.required,
      readOnly: false,
      multiple: field.multiple,
      options: field.options.map((option) => ({ value: option.value, text: option.text['pt-BR'] })),
      uppercase: field.uppercase,
      dateTimeFormatType: field.dateTimeFormatType,
    })),
    rules: { fields: AET_COMPONENT_INPUT.fields, rules: AET_COMPONENT_INPUT.rules },
    hiddenFields: [],
    ...overrides,
  };
}

/** refreshItem's answer: item 5 (AET-2026-000005) at `version` with `values`. */
export function aetFormItem(values: Record<string, unknown>, overrides: Partial<FormItem> = {}): FormItem {
  return {
    id: 5,
    componentId: 1,
    projectId: null,
    formattedId: 'AET-2026-000005',
    version: 3,
    status: null,
    createdAt: '2026-01-01T12:00:00.000Z',
    modifiedAt: '2026-03-01T12:00:00.000Z',
    values: { ID: 5, FormattedID: 'AET-2026-000005', Version: overrides.version ?? 3, ...values },
    canEdit: true,
    createdByViewer: true,
    ...overrides,
  };
}

/** A signed-in user in the runtime shell, with the form calls of component 1, form 1 faked. */
export function setupFormPageApi(
  options: {
    initialValues?: Record<string, unknown>;
    item?: FormItem;
    permission?: { allowed: boolean; message?: string };
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  return setupShellApi({
    routes: {
      'GET /genericItem/getForm': () => json(aetFormView()),
      'GET /genericItem/getFormInitialData': () =>
        json({ values: options.initialValues ?? {}, visibility: {}, required: {}, errors: [] }),
      'POST /genericItem/refreshItem': () => json(options.item ?? aetFormItem({})),
      'POST /genericItem/checkPermissionToUpdate': () => json(options.permission ?? { allowed: true }),
      'GET /genericItem/getHistory': () =>
        json({
          versions: [
            {
              version: 3,
              action: 'update',
              changedBy: { id: 2, name: 'Bruno' },
              changedAt: '2026-03-01T12:00:00.000Z',
              fields: ['Valor da taxa'],
            },
            {
              version: 2,
              action: 'update',
              changedBy: { id: 1, name: 'Ana' },
              changedAt: '2026-02-01T12:00:00.000Z',
              fields: ['CPF'],
            },
            {
              version: 1,
              action: 'create',
              changedBy: { id: 1, name: 'Ana' },
              changedAt: '2026-01-01T12:00:00.000Z',
              fields: [],
            },
          ],
        }),
      'GET /genericItem/getAttributeChanges': () =>
        json({
          changes: [
            { field: 'valorTaxa', label: 'Valor da taxa', oldValue: 'R$ 10,00', newValue: 'R$ 12,50' },
          ],
        }),
      ...options.routes,
    },
  });
}
