import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import { fillTemplate, templatePlaceholders } from './effects.ts';
import type { TableColumnInput } from './field.ts';
import { validateApplicationDefinition } from './validate.ts';
import type { WorkflowDefinitionInput } from './workflow.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

/** One component with a USERS field, a text field, and the workflow under test. */
function definitionWith(
  workflow: WorkflowDefinitionInput,
  operationIds: number[] = [],
): ApplicationDefinitionInput {
  return {
    schemaVersion: 1,
    key: 'fluxo',
    version: 1,
    name: 'Fluxo',
    groups: [],
    menu: [],
    operations: operationIds.map((id) => ({ id, name: t('Operação'), message: "'ok'" })),
    components: [
      {
        id: 20,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:4}',
        fields: [
          { key: 'analista', type: 'USERS', label: t('Analista') },
          { key: 'nome', type: 'STRING', label: t('Nome') },
        ],
        workflow,
      },
    ],
  };
}

const statuses = [
  { key: 'a', name: t('A'), initial: true },
  { key: 'b', name: t('B'), final: true },
];

const action = (extra: Record<string, unknown>) => ({
  key: 'ir',
  name: t('Ir'),
  from: ['a'],
  to: 'b',
  ...extra,
});

function errorsOf(workflow: WorkflowDefinitionInput, operationIds: number[] = []) {
  const result = validateApplicationDefinition(definitionWith(workflow, operationIds));
  return result.ok ? [] : result.errors;
}

describe('workflow definitions', () => {
  it('accepts every effect kind the engine runs, with defaults for what older definitions leave out', () => {
    const result = validateApplicationDefinition(
      definitionWith(
        {
          statuses: [
            { ...statuses[0]!, sla: { hours: 24 } },
            {
              ...statuses[1]!,
              onEnter: [
                { kind: 'assignResponsible', to: { kind: 'group', group: 'Analistas' } },
                {
                  kind: 'notify',
                  recipients: [
                    { kind: 'followers' },
                    { kind: 'responsibleGroup' },
                    { kind: 'field', field: 'analista' },
                  ],
                  subject: t('{{FormattedID}} por {{ActorName}}'),
                  message: t('{{nome}}: {{Reason}}'),
                  channels: ['message', 'email', 'push'],
                },
              ],
            },
          ],
          actions: [
            action({
              allowedUserFields: ['analista'],
              responsibleCandidates: { kind: 'field', field: 'analista' },
              confirmation: t('Certeza?'),
              approvals: { count: 2, group: 'Diretoria' },
              effects: [
                { kind: 'setField', field: 'nome', expression: "'x'" },
                { kind: 'assignResponsible', to: { kind: 'actor' } },
                { kind: 'runOperation', operationId: 7 },
              ],
            }),
          ],
        },
        [7],
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const parsed = result.definition.components[0]!.workflow!;
    expect(parsed.statuses[0]!.sla).toEqual({ amount: 24, unit: 'workingHours', warnAtPercent: 75 });
    expect(parsed.actions[0]).toMatchObject({ allowedRoles: [], allowedGroups: [], reasonRequired: false });
    const plain = validateApplicationDefinition(definitionWith({ statuses, actions: [action({})] }));
    expect(plain.ok && plain.definition.components[0]!.workflow!.actions[0]).toMatchObject({
      allowedUserFields: [],
      effects: [],
      responsibleRequired: false,
    });
  });

  it('refuses an effect kind the engine does not know, naming where it is', () => {
    const errors = errorsOf({
      statuses,
      actions: [action({ effects: [{ kind: 'sendFax', number: '123' }] })],
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe('components[0].workflow.actions[0].effects[0].kind');
  });

  it('refuses an operation the application does not have and user fields that hold no users', () => {
    const errors = errorsOf(
      {
        statuses,
        actions: [
          action({
            allowedUserFields: ['nome'],
            responsibleCandidates: { kind: 'field', field: 'nada' },
            effects: [
              { kind: 'runOperation', operationId: 8 },
              { kind: 'assignResponsible', to: { kind: 'field', field: 'nome' } },
            ],
          }),
        ],
      },
      [7],
    );
    expect(errors.map((error) => error.path)).toEqual([
      'components[0].workflow.actions[0].allowedUserFields[0]',
      'components[0].workflow.actions[0].responsibleCandidates.field',
      'components[0].workflow.actions[0].effects[0].operationId',
      'components[0].workflow.actions[0].effects[1].to.field',
    ]);
    expect(errors[2]!.message).toBe('no operation 8 in this application');
  });

  it('refuses a notify template naming a key that is neither a field nor a known value', () => {
    const errors = errorsOf({
      statuses: [
        statuses[0]!,
        {
          ...statuses[1]!,
          onEnter: [
            {
              kind: 'notify',
              recipients: [{ kind: 'role', role: 'creator' }],
              subject: { 'pt-BR': 'Pedido {{FormattedID}}', en: 'Request {{Numero}}' },
              message: t('ok'),
            },
          ],
        },
      ],
      actions: [action({})],
    });
    expect(errors).toEqual([
      {
        path: 'components[0].workflow.statuses[1].onEnter[0].subject.en',
        message: "unknown template key '{{Numero}}'",
      },
    ]);
  });

  it('refuses an approvals rule without a count', () => {
    const errors = errorsOf({ statuses, actions: [action({ approvals: { count: 0, group: 'X' } })] });
    expect(errors[0]!.path).toBe('components[0].workflow.actions[0].approvals.count');
  });

  it('refuses a signature on a print layout the component does not have', () => {
    const errors = errorsOf({ statuses, actions: [action({ signatureRequired: { printLayoutId: 9 } })] });
    expect(errors).toEqual([
      {
        path: 'components[0].workflow.actions[0].signatureRequired.printLayoutId',
        message: expect.stringContaining('9'),
      },
    ]);
  });
});

describe('notify templates', () => {
  it('names and fills the {{key}} placeholders, spaces allowed, unknown ones emptied by the caller', () => {
    expect(templatePlaceholders('{{ FormattedID }} — {{nome}} {nome} {{1x}}')).toEqual([
      'FormattedID',
      'nome',
    ]);
    expect(
      fillTemplate(
        '{{ FormattedID }}: {{nome}}{{x}}',
        (key) => ({ FormattedID: 'AET-1', nome: 'Ana' })[key] ?? '',
      ),
    ).toBe('AET-1: Ana');
  });
});

describe('runCheck effects', () => {
  const resultColumns = [
    { key: 'criterion', type: 'STRING', label: t('Critério') },
    { key: 'passed', type: 'BOOLEAN', label: t('Atendido') },
    { key: 'detail', type: 'STRING', label: t('Detalhe') },
  ] as const;
  const checkStatuses = [
    { key: 'a', name: t('A'), initial: true },
    { key: 'pago', name: t('Pago') },
    { key: 'b', name: t('B'), final: true },
  ];
  const check = (extra: Record<string, unknown> = {}) => ({
    kind: 'runCheck',
    criteria: [{ key: 'curto', label: t('Curto'), expression: '$length(nome) < 10' }],
    resultField: 'criterios',
    onPass: ['ir'],
    onFail: 'ir',
    ...extra,
  });
  function checkErrors(
    effect: Record<string, unknown>,
    columns: readonly TableColumnInput[] = resultColumns,
  ) {
    const definition = definitionWith({
      statuses: [checkStatuses[0]!, { ...checkStatuses[1]!, onEnter: [effect] }, checkStatuses[2]!],
      actions: [action({ from: ['pago'] }), { key: 'pagar', name: t('Pagar'), from: ['a'], to: 'pago' }],
    } as WorkflowDefinitionInput);
    definition.components[0]!.fields.push({
      key: 'criterios',
      type: 'TABLE',
      label: t('Critérios'),
      columns: [...columns],
    });
    const result = validateApplicationDefinition(definition);
    return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
  }

  it('accepts a check writing into a TABLE field with the result columns and moving by actions of the workflow', () => {
    expect(checkErrors(check())).toEqual([]);
  });

  it('refuses unknown actions, repeated criteria and a result field without the result columns, naming each', () => {
    const at = 'components[0].workflow.statuses[1].onEnter[0]';
    expect(checkErrors(check({ onPass: ['ir', 'voar'], onFail: 'nadar' }))).toEqual([
      `${at}.onPass[1]: unknown action 'voar'`,
      `${at}.onFail: unknown action 'nadar'`,
    ]);
    const twice = { key: 'curto', label: t('Curto de novo'), expression: 'true' };
    expect(checkErrors(check({ criteria: [check().criteria[0], twice] }))).toEqual([
      `${at}.criteria[1].key: duplicate criterion 'curto'`,
    ]);
    expect(checkErrors(check(), resultColumns.slice(0, 2))).toEqual([
      `${at}.resultField: field 'criterios' needs a STRING column 'detail' for the check's results`,
    ]);
    expect(checkErrors(check({ resultField: 'nome' }))).toEqual([
      `${at}.resultField: field 'nome' is STRING; expected TABLE`,
    ]);
  });
});

describe("a field's changeActions", () => {
  it('names actions of the workflow, each unknown one refused at its place', () => {
    const definition = definitionWith({ statuses, actions: [action({})] });
    definition.components[0]!.fields[1] = {
      ...definition.components[0]!.fields[1]!,
      changeActions: ['ir', 'voar'],
    };
    const result = validateApplicationDefinition(definition);
    expect(result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
      "components[0].fields[1].changeActions[1]: unknown action 'voar'",
    ]);
  });
});
