import type { PrintLayoutInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import {
  A4,
  BRAND_COLOR,
  CONTENT_WIDTH,
  departmentHeaderAndFooter,
  documentCheck,
  fieldOf,
  heading,
  line,
  MARGIN,
  sentence,
  value,
} from '../shared/print-layout-builders.ts';

const DAY = { kind: 'date', dateFormatType: 1 } as const;

/** Print layout 3 of the TPEU request: the id the 'receberObras' action renders and signs. */
export const TERMO_RECEBIMENTO_LAYOUT_ID = 3;

/**
 * The Termo de Recebimento (domain.md): after the works, the final inspection and the as-built, the department
 * receives the works the TPEU authorised — the permit, the occupation, the inspection's report and the date.
 */
export const TERMO_RECEBIMENTO_LAYOUT = {
  id: TERMO_RECEBIMENTO_LAYOUT_ID,
  name: text('Termo de Recebimento das obras', 'Certificate of acceptance of the works'),
  version: 2,
  sign: false,
  template: {
    basePdf: {
      ...A4,
      padding: [24, MARGIN, 18, MARGIN],
      staticSchema: departmentHeaderAndFooter(
        ['Faixa de Domínio - Termo de Recebimento', 'Right of way - Certificate of acceptance'],
        ['Documento emitido eletronicamente pelo DER', 'Document issued electronically by DER'],
      ),
    },
    schemas: [
      [
        {
          type: 'text',
          name: 'titulo',
          position: { x: MARGIN, y: 24 },
          width: CONTENT_WIDTH,
          height: 8,
          fontSize: 13,
          alignment: 'center',
          fontColor: BRAND_COLOR,
          binding: {
            kind: 'template',
            text: text(
              'TERMO DE RECEBIMENTO DAS OBRAS DO TPEU Nº {{numeroTpeu}}',
              'ACCEPTANCE OF THE WORKS OF SPECIAL USE PERMIT No. {{numeroTpeu}}',
            ),
          },
        },
        line(
          'protocolo',
          34,
          'Protocolo: {{FormattedID}}    Processo: {{numeroProcesso}}',
          'Protocol: {{FormattedID}}    Process: {{numeroProcesso}}',
        ),
        heading('secaoPermissionario', 42, '1. Permissionário', '1. Permit holder'),
        line('nome', 49, 'Nome / razão social: {{nomeRazaoSocial}}', 'Name: {{nomeRazaoSocial}}'),
        sentence('documento', 55, 'CPF / CNPJ: {documento}', 'CPF / CNPJ: {documento}', {
          documento: fieldOf('cpfCnpj', { kind: 'cpfCnpj' }),
        }),
        heading('secaoObra', 63, '2. Obra recebida', '2. Works accepted'),
        sentence(
          'localizacao',
          70,
          'Rodovia {rodovia}, do km {kmInicial} ao km {kmFinal}, município de {municipio}',
          'Highway {rodovia}, from km {kmInicial} to km {kmFinal}, in {municipio}',
          {
            rodovia: fieldOf('rodovia'),
            kmInicial: fieldOf('kmInicial', { kind: 'decimal', digits: 3 }),
            kmFinal: fieldOf('kmFinal', { kind: 'decimal', digits: 3 }),
            municipio: fieldOf('municipioOcupacao'),
          },
        ),
        line(
          'finalidade',
          76,
          'Finalidade: {{finalidade}}    Tipo: {{tipoOcupacao}}',
          'Purpose: {{finalidade}}    Form: {{tipoOcupacao}}',
        ),
        heading('secaoVistoria', 84, '3. Vistoria final', '3. Final inspection'),
        value('laudoVistoriaFinal', 91, 'laudoVistoriaFinal', { height: 24, expand: true }),
        sentence(
          'recebimento',
          120,
          'As obras foram recebidas em {data}, conforme o projeto como construído (as-built) apresentado. A permissão segue vigente até {fim}.',
          'The works were accepted on {data}, as built in the as-built drawings submitted. The permit stays in force until {fim}.',
          { data: fieldOf('dataRecebimento', DAY), fim: fieldOf('fimVigencia', DAY) },
        ),
        line(
          'emitidoEm',
          134,
          'Emitido em: {{printedAt}} (horário de Brasília)',
          'Issued on: {{printedAt}} (Brasília time)',
        ),
        ...documentCheck(142),
      ],
    ],
  },
} satisfies PrintLayoutInput;
