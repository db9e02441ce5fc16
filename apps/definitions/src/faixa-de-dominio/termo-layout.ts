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

/**
 * The Termo de Permissão Especial de Uso (TPEU), print layout 2 of the TPEU request: the permit holder, the
 * occupation (purpose, highway and km, side, extent), the term, its validity and the works, and the public price
 * (BRL).
 */
export const TPEU_PRINT_LAYOUT = {
  id: 2,
  name: text('Termo de Permissão Especial de Uso', 'Special Use Permit'),
  version: 3,
  sign: false,
  template: {
    basePdf: {
      ...A4,
      padding: [24, MARGIN, 18, MARGIN],
      staticSchema: departmentHeaderAndFooter(
        ['Faixa de Domínio - Termo de Permissão Especial de Uso', 'Right of way - Special Use Permit'],
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
              'TERMO DE PERMISSÃO ESPECIAL DE USO Nº {{numeroTpeu}}',
              'SPECIAL USE PERMIT No. {{numeroTpeu}}',
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
        line(
          'endereco',
          61,
          'Endereço: {{logradouro}}, {{numero}} {{complemento}} - {{bairro}} - {{municipio}}/{{uf}} - CEP {{cep}}',
          'Address: {{logradouro}}, {{numero}} {{complemento}} - {{bairro}} - {{municipio}}/{{uf}} - CEP {{cep}}',
        ),
        heading('secaoOcupacao', 69, '2. Ocupação', '2. Occupation'),
        line(
          'finalidade',
          76,
          'Finalidade: {{finalidade}}    Tipo: {{tipoOcupacao}}',
          'Purpose: {{finalidade}}    Form: {{tipoOcupacao}}',
        ),
        sentence(
          'localizacao',
          82,
          'Rodovia {rodovia}, do km {kmInicial} ao km {kmFinal}, lado {lado}, município de {municipio}',
          'Highway {rodovia}, from km {kmInicial} to km {kmFinal}, {lado} side, in {municipio}',
          {
            rodovia: fieldOf('rodovia'),
            kmInicial: fieldOf('kmInicial', { kind: 'decimal', digits: 3 }),
            kmFinal: fieldOf('kmFinal', { kind: 'decimal', digits: 3 }),
            lado: fieldOf('lado'),
            municipio: fieldOf('municipioOcupacao'),
          },
        ),
        sentence(
          'dimensoes',
          88,
          'Extensão: {extensao} m    Área: {area} m²',
          'Length: {extensao} m    Area: {area} m²',
          {
            extensao: fieldOf('extensao', { kind: 'decimal', digits: 2 }),
            area: fieldOf('area', { kind: 'decimal', digits: 2 }),
          },
        ),
        value('descricaoOcupacao', 94, 'descricaoOcupacao', { height: 12, expand: true }),
        heading('secaoPrazo', 110, '3. Prazo e obras', '3. Term and works'),
        sentence(
          'prazo',
          117,
          'Prazo: {prazo} meses    Obras de {inicio} a {fim}',
          'Term: {prazo} months    Works from {inicio} to {fim}',
          {
            prazo: fieldOf('prazoMeses', { kind: 'integer' }),
            inicio: fieldOf('inicioObras', DAY),
            fim: fieldOf('fimObras', DAY),
          },
        ),
        // The validity the permit holder and the inspectors read; a renewal reissues it with the new end.
        sentence('vigencia', 123, 'Vigência: de {inicio} a {fim}', 'In force: from {inicio} to {fim}', {
          inicio: fieldOf('inicioVigencia', DAY),
          fim: fieldOf('fimVigencia', DAY),
        }),
        heading('secaoRemuneracao', 131, '4. Remuneração', '4. Fee'),
        sentence(
          'remuneracao',
          138,
          'Preço público anual: {anual}    Valor total: {total}    Isento: {isento}',
          'Annual public price: {anual}    Total: {total}    Exempt: {isento}',
          {
            anual: fieldOf('precoPublicoAnual', { kind: 'currency' }),
            total: fieldOf('valorTotal', { kind: 'currency' }),
            isento: fieldOf('isentoRemuneracao', { kind: 'boolean' }),
          },
        ),
        line(
          'emitidoEm',
          148,
          'Emitido em: {{printedAt}} (horário de Brasília)',
          'Issued on: {{printedAt}} (Brasília time)',
        ),
        ...documentCheck(156),
      ],
    ],
  },
} satisfies PrintLayoutInput;
