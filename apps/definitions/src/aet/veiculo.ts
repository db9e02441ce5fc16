import type { ComponentDefinitionInput } from '@der/contracts';
import { control, field, groupBox, INTAKE_PROJECTS, option, text } from '../shared/builders.ts';

/**
 * Component 6: a vehicle (one unit of an AET combination, domain.md): plate (old or Mercosul), RENAVAM, chassis,
 * kind, make/model/year, tare, PBT, the tractor's CMT, axles, dimensions and its CRLV. A requerente registers
 * their fleet once ('Meus veículos') and builds each request's combination from it (composicao.ts).
 */
export const VEICULO = {
  id: 6,
  name: 'Veiculo',
  label: text('Veículo', 'Vehicle'),
  pluralLabel: text('Veículos', 'Vehicles'),
  formattedIdPattern: 'VEI-{YYYY}-{SEQ:6}',
  // With the requests: the analysts see the units of every combination they analyse.
  externalRequests: { projectTitle: INTAKE_PROJECTS.aet },
  fields: [
    field('placa', 'STRING', text('Placa', 'Plate'), {
      required: true,
      pattern: 'plate',
      uppercase: true,
      indexed: true,
      // One plate per owner's fleet, ABC1234 and ABC1C34 being the same vehicle (domain.md). Another owner may
      // register it too: a vehicle changes hands, and each requerente keeps their own fleet.
      unique: 'creator',
    }),
    field('renavam', 'STRING', text('RENAVAM', 'RENAVAM'), {
      required: true,
      pattern: 'renavam',
      mask: '00000000000',
      indexed: true,
    }),
    field('chassi', 'STRING', text('Chassi', 'Chassis'), { maxLength: 17, uppercase: true }),
    field('tipoVeiculo', 'PICKLIST', text('Tipo de veículo', 'Vehicle kind'), {
      required: true,
      indexed: true,
      filterAsList: true,
      options: [
        option('cavaloTrator', 'Cavalo-trator', 'Tractor unit'),
        option('caminhaoTrator', 'Caminhão-trator', 'Truck tractor'),
        option('caminhao', 'Caminhão', 'Rigid truck'),
        option('semirreboque', 'Semirreboque', 'Semi-trailer'),
        option('dolly', 'Dolly', 'Dolly'),
        option('reboque', 'Reboque', 'Trailer'),
        option('guindaste', 'Guindaste autopropelido', 'Mobile crane'),
      ],
    }),
    field('marcaModelo', 'STRING', text('Marca/modelo', 'Make/model'), { maxLength: 100, uppercase: true }),
    field('anoFabricacao', 'INTEGER', text('Ano de fabricação', 'Year built'), {
      minimum: 1950,
      maximum: 2100,
      indexed: true,
    }),
    field('numeroEixos', 'INTEGER', text('Eixos', 'Axles'), {
      required: true,
      minimum: 1,
      maximum: 20,
      indexed: true,
    }),
    field('tara', 'DECIMAL', text('Tara (t)', 'Tare (t)'), { minimum: 0, maximum: 200 }),
    field('pbt', 'DECIMAL', text('PBT (t)', 'Gross vehicle weight (t)'), {
      minimum: 0,
      maximum: 300,
      indexed: true,
    }),
    field('cmt', 'DECIMAL', text('CMT (t)', 'Max. traction capacity (t)'), { minimum: 0, maximum: 300 }),
    field('comprimento', 'DECIMAL', text('Comprimento (m)', 'Length (m)'), {
      minimum: 0,
      maximum: 40,
      indexed: true,
    }),
    field('largura', 'DECIMAL', text('Largura (m)', 'Width (m)'), { minimum: 0, maximum: 10 }),
    field('altura', 'DECIMAL', text('Altura (m)', 'Height (m)'), { minimum: 0, maximum: 10 }),
    field('proprietarioCpfCnpj', 'STRING', text('CPF/CNPJ do proprietário', 'Owner CPF/CNPJ'), {
      pattern: 'cpfCnpj',
    }),
    field('crlv', 'BINARY', text('CRLV', 'Registration certificate (CRLV)')),
  ],
  forms: [
    {
      id: 8,
      name: text('Veículo', 'Vehicle'),
      layout: [
        groupBox(text('Identificação', 'Identification'), [
          control('textbox', 'placa', 3),
          control('maskedText', 'renavam', 3),
          control('textbox', 'chassi', 3),
          control('dropdown', 'tipoVeiculo', 3),
          control('textbox', 'marcaModelo', 6),
          control('numericPicker', 'anoFabricacao', 3),
          control('maskedText', 'proprietarioCpfCnpj', 3),
        ]),
        groupBox(text('Pesos e dimensões', 'Weights and dimensions'), [
          control('numericPicker', 'numeroEixos', 3),
          control('numericPicker', 'tara', 3),
          control('numericPicker', 'pbt', 3),
          control('numericPicker', 'cmt', 3),
          control('numericPicker', 'comprimento', 4),
          control('numericPicker', 'largura', 4),
          control('numericPicker', 'altura', 4),
        ]),
        control('fileChooser', 'crlv', 12),
      ],
    },
  ],
  listViews: [
    {
      id: 6,
      name: text('Veículos', 'Vehicles'),
      columns: [
        { field: 'placa', width: 150 },
        { field: 'renavam', width: 170 },
        { field: 'tipoVeiculo' },
        { field: 'marcaModelo' },
        { field: 'numeroEixos' },
        { field: 'pbt' },
        { field: 'comprimento' },
      ],
    },
  ],
  queries: [{ id: 7, name: text('Veículos', 'Vehicles'), sort: [{ field: 'placa', sortDirection: 'asc' }] }],
  rules: [
    {
      id: 'cmtVisivel',
      kind: 'visibility',
      field: 'cmt',
      expression: "tipoVeiculo in ['cavaloTrator', 'caminhaoTrator', 'caminhao']",
    },
    {
      id: 'cmtObrigatoria',
      kind: 'required',
      field: 'cmt',
      expression: "tipoVeiculo in ['cavaloTrator', 'caminhaoTrator']",
    },
    {
      id: 'taraAtePbt',
      kind: 'validation',
      field: 'tara',
      expression: '$not($exists(pbt)) or tara <= pbt',
      message: text('A tara não pode exceder o PBT.', 'The tare cannot exceed the gross vehicle weight.'),
    },
    {
      id: 'tituloPlaca',
      kind: 'computedValue',
      field: 'Title',
      expression: "placa & ($exists(marcaModelo) and marcaModelo != '' ? ' — ' & marcaModelo : '')",
    },
  ],
} satisfies ComponentDefinitionInput;
