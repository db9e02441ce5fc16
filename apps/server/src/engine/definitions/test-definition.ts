import type {
  ApplicationDefinitionInput,
  ComponentDefinitionInput,
  FieldDefinitionInput,
} from '@der/contracts';

/**
 * Definition documents for tests (not shipped): a project component and a request component whose fields
 * cover the value rules of the write side. Ids are offset by `base` so one test database can hold several
 * applications (component ids and names are unique across the platform).
 */
const label = (text: string) => ({ 'pt-BR': text, en: text });

export function testFields(): FieldDefinitionInput[] {
  return [
    { key: 'nome', type: 'STRING', label: label('Nome'), required: true, maxLength: 100 },
    { key: 'peso', type: 'DECIMAL', label: label('Peso'), indexed: true, minimum: 0, maximum: 1000 },
    { key: 'valor', type: 'CURRENCY', label: label('Valor') },
    { key: 'eixos', type: 'INTEGER', label: label('Eixos'), indexed: true },
    { key: 'ativo', type: 'BOOLEAN', label: label('Ativo'), indexed: true },
    { key: 'partida', type: 'DATE_TIME', label: label('Partida'), indexed: true, dateTimeFormatType: 0 },
    {
      key: 'tipo',
      type: 'PICKLIST',
      label: label('Tipo'),
      indexed: true,
      options: [
        { value: 'unica', text: label('Viagem única') },
        { value: 'periodo', text: label('Por período') },
      ],
    },
    { key: 'cpf', type: 'STRING', label: label('CPF'), pattern: 'cpf' },
    { key: 'placa', type: 'STRING', label: label('Placa'), pattern: 'plate' },
    { key: 'analista', type: 'USERS', label: label('Analista'), indexed: true },
    { key: 'antigo', type: 'STRING', label: label('Campo antigo'), deprecated: true },
  ];
}

export function testComponents(base: number): ComponentDefinitionInput[] {
  return [
    {
      id: base + 1,
      name: `Projeto${base}`,
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'PRJ-{SEQ:3}',
      isProject: true,
      fields: [{ key: 'descricao', type: 'STRING', label: label('Descrição') }],
    },
    {
      id: base + 2,
      name: `Pedido${base}`,
      label: label('Pedido'),
      pluralLabel: label('Pedidos'),
      formattedIdPattern: 'PED-{YYYY}-{SEQ:5}',
      fields: testFields(),
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho'), initial: true },
          { key: 'enviado', name: label('Enviado'), final: true },
        ],
        actions: [],
      },
    },
  ];
}

export function testDefinition(
  base: number,
  overrides: Partial<ApplicationDefinitionInput> = {},
): ApplicationDefinitionInput {
  return {
    schemaVersion: 1,
    key: `teste-${base}`,
    version: 1,
    name: `Aplicação de teste ${base}`,
    iconName: 'Apps',
    groups: [],
    menu: [
      {
        key: 'projetos',
        name: label('Projetos'),
        target: { kind: 'listProject', componentId: base + 1, projectId: 0, title: 'Projetos' },
      },
      { key: 'manual', name: label('Manual'), target: { kind: 'publicPath', path: '/docs/manual.pdf' } },
    ],
    components: testComponents(base),
    ...overrides,
  };
}
