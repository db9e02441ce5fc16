import {
  type ComponentDefinition,
  type ComponentDefinitionInput,
  ComponentDefinitionSchema,
  type FormComponentInput,
} from '@der/contracts';

const text = (pt: string, en = pt) => ({ 'pt-BR': pt, en });

/** A small "Solicitação de AET" component: every field type the form tests need, and two rules. */
export const AET_COMPONENT_INPUT: ComponentDefinitionInput = {
  id: 1,
  name: 'solicitacaoAet',
  label: text('Solicitação de AET', 'AET request'),
  pluralLabel: text('Solicitações de AET', 'AET requests'),
  formattedIdPattern: 'AET-{YYYY}-{SEQ:6}',
  fields: [
    {
      key: 'requerente',
      type: 'STRING',
      label: text('Requerente', 'Applicant'),
      required: true,
      uppercase: true,
    },
    { key: 'cpf', type: 'STRING', label: text('CPF'), pattern: 'cpf' },
    { key: 'cnpj', type: 'STRING', label: text('CNPJ'), pattern: 'cnpj' },
    { key: 'cep', type: 'STRING', label: text('CEP'), pattern: 'cep' },
    { key: 'telefone', type: 'STRING', label: text('Telefone', 'Phone'), pattern: 'phone' },
    { key: 'logradouro', type: 'STRING', label: text('Logradouro', 'Street') },
    { key: 'bairro', type: 'STRING', label: text('Bairro', 'District') },
    { key: 'cidade', type: 'STRING', label: text('Cidade', 'City') },
    { key: 'uf', type: 'STRING', label: text('UF', 'State') },
    { key: 'valorTaxa', type: 'CURRENCY', label: text('Valor da taxa', 'Fee') },
    { key: 'pbtc', type: 'DECIMAL', label: text('PBTC (t)', 'GCW (t)'), maximum: 200 },
    { key: 'eixos', type: 'INTEGER', label: text('Número de eixos', 'Axles') },
    { key: 'desconto', type: 'PERCENTILE', label: text('Desconto', 'Discount') },
    {
      key: 'dataViagem',
      type: 'DATE_TIME',
      label: text('Data da viagem', 'Trip date'),
      dateTimeFormatType: 1,
    },
    {
      key: 'tipoVeiculo',
      type: 'PICKLIST',
      label: text('Tipo de veículo', 'Vehicle type'),
      options: [
        {
          value: 'CVC',
          text: text('Combinação de veículos de carga', 'Cargo vehicle combination'),
          color: '#1565C0',
        },
        { value: 'GUINDASTE', text: text('Guindaste', 'Crane'), color: '#EF6C00' },
      ],
    },
    { key: 'placaCavalo', type: 'STRING', label: text('Placa do cavalo', 'Tractor plate') },
    { key: 'escolta', type: 'BOOLEAN', label: text('Possui escolta', 'Has escort') },
    { key: 'observacoes', type: 'RICH_TEXT', label: text('Observações', 'Notes') },
    { key: 'orgao', type: 'ORGANIZATIONAL_STRUCTURE', label: text('Órgão', 'Department') },
    { key: 'planta', type: 'BINARY', label: text('Planta', 'Drawing') },
  ],
  rules: [
    // The tractor plate is asked for only once a vehicle type was chosen.
    {
      id: 'placaVisivel',
      kind: 'visibility',
      field: 'placaCavalo',
      expression: "$exists(tipoVeiculo) and tipoVeiculo != ''",
    },
  ],
};

export const AET_COMPONENT: ComponentDefinition = ComponentDefinitionSchema.parse(AET_COMPONENT_INPUT);

/** One component of every kind of spec §3, grouped in a panel, a group box and tabs. */
export const EVERY_KIND_LAYOUT: FormComponentInput[] = [
  { type: 'label', text: text('Dados da solicitação', 'Request data'), variant: 'title' },
  {
    type: 'panel',
    children: [
      { type: 'textbox', field: 'requerente', columnSpan: 6 },
      { type: 'maskedText', field: 'cpf', columnSpan: 3 },
      { type: 'numericPicker', field: 'valorTaxa', columnSpan: 3 },
      { type: 'checkbox', field: 'escolta' },
      { type: 'dropdown', field: 'tipoVeiculo' },
      { type: 'radioGroup', field: 'tipoVeiculo', label: text('Tipo (opções)', 'Type (options)') },
      { type: 'dateChooser', field: 'dataViagem' },
      { type: 'treeDropdown', field: 'orgao' },
      { type: 'formattedText', field: 'observacoes' },
    ],
  },
  {
    type: 'groupBox',
    title: text('Endereço', 'Address'),
    children: [
      {
        type: 'address',
        fields: { cep: 'cep', street: 'logradouro', district: 'bairro', city: 'cidade', state: 'uf' },
      },
    ],
  },
  {
    type: 'tabControl',
    tabs: [
      {
        title: text('Arquivos', 'Files'),
        children: [
          { type: 'fileChooser', field: 'planta', accept: ['.pdf'] },
          { type: 'image', field: 'planta', label: text('Foto', 'Photo') },
          { type: 'imageList', field: 'planta', label: text('Fotos', 'Photos') },
        ],
      },
      {
        title: text('Relacionados', 'Related'),
        children: [
          { type: 'itemLinks' },
          { type: 'itemHistory' },
          { type: 'manyToMany', componentId: 2 },
          { type: 'masterSlave', componentId: 4 },
          { type: 'timeline', componentId: 4 },
          { type: 'notifications' },
          { type: 'predecessorActivities' },
          { type: 'projectCalendar' },
          { type: 'configuration' },
          { type: 'itemType' },
          { type: 'projectResource' },
          { type: 'dataGrid', componentId: 2 },
          { type: 'componentList', componentIds: [2, 4] },
          { type: 'indicator', expression: 'pbtc * 2', label: text('Indicador de peso', 'Weight indicator') },
          { type: 'html', content: '<p>Leia as <b>instruções</b><script>alert(1)</script></p>' },
          { type: 'button', text: text('Imprimir', 'Print'), action: { kind: 'print', printLayoutId: 9 } },
        ],
      },
      {
        title: text('Reservados', 'Reserved'),
        children: [
          { type: 'attachments' },
          { type: 'timesheets' },
          { type: 'workflows' },
          { type: 'activityResource' },
          { type: 'fileIndexes' },
          { type: 'svnFiles', field: 'planta' },
        ],
      },
    ],
  },
];
