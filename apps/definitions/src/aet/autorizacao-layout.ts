import type { PrintLayoutInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import {
  A4,
  BRAND_COLOR,
  CONTENT_WIDTH,
  departmentHeaderAndFooter,
  fieldOf,
  heading,
  line,
  MARGIN,
  sentence,
  value,
} from '../shared/print-layout-builders.ts';

const QR_SIZE = 32;
const LEFT_WIDTH = CONTENT_WIDTH - QR_SIZE - 6;
const DAY = { kind: 'date', dateFormatType: 1 } as const;
const TWO_DECIMALS = { kind: 'decimal', digits: 2 } as const;

/**
 * The issued AET (domain.md "The issued AET is a PDF"), print layout 1 of the AET request: number and year,
 * type and legal framing, validity, requerente, the combination's vehicles, dimensions and PBTC, cargo, route,
 * conditions, issue, and the QR code to the public validation page (/validarAET?uid=…) with its address
 * printed beneath. generateDocument renders it into the request's attachments, signed with the department's A1.
 */
export const AET_PRINT_LAYOUT = {
  id: 1,
  name: text('Autorização Especial de Trânsito', 'Special Transit Authorisation'),
  version: 1,
  sign: true,
  template: {
    basePdf: {
      ...A4,
      padding: [24, MARGIN, 16, MARGIN],
      staticSchema: departmentHeaderAndFooter(
        ['Autorização Especial de Trânsito - AET', 'Special Transit Authorisation - AET'],
        [
          'Documento emitido eletronicamente pelo DER - autenticidade verificável pelo QR code',
          'Document issued electronically by DER - authenticity verifiable by the QR code',
        ],
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
              'AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº {{numeroAet}}',
              'SPECIAL TRANSIT AUTHORISATION No. {{numeroAet}}',
            ),
          },
        },
        line('numero', 35, 'Número: {{numeroAet}}', 'Number: {{numeroAet}}', { width: LEFT_WIDTH }),
        line('tipo', 41, 'Tipo: {{tipoAutorizacao}}', 'Type: {{tipoAutorizacao}}', { width: LEFT_WIDTH }),
        line('enquadramento', 47, 'Enquadramento: {{enquadramento}}', 'Legal framing: {{enquadramento}}', {
          width: LEFT_WIDTH,
        }),
        sentence(
          'validade',
          53,
          'Validade: de {inicio} a {fim}',
          'Valid from {inicio} to {fim}',
          { inicio: fieldOf('dataInicioValidade', DAY), fim: fieldOf('dataFimValidade', DAY) },
          { width: LEFT_WIDTH },
        ),
        line('protocolo', 59, 'Protocolo: {{FormattedID}}', 'Protocol: {{FormattedID}}', {
          width: LEFT_WIDTH,
        }),
        {
          type: 'qrcode',
          name: 'qrValidacao',
          position: { x: A4.width - MARGIN - QR_SIZE, y: 34 },
          width: QR_SIZE,
          height: QR_SIZE,
          binding: {
            kind: 'template',
            text: text(
              '{{publicUrl}}/validarAET?uid={{uidValidacao}}',
              '{{publicUrl}}/validarAET?uid={{uidValidacao}}',
            ),
          },
        },
        line(
          'verifiqueAutenticidade',
          68,
          'Verifique a autenticidade pelo QR code ou no endereço:',
          'Check its authenticity by the QR code or at:',
          { fontSize: 7.5, alignment: 'right', height: 4 },
        ),
        line(
          'enderecoValidacao',
          72,
          '{{publicUrl}}/validarAET?uid={{uidValidacao}}',
          '{{publicUrl}}/validarAET?uid={{uidValidacao}}',
          { fontSize: 7.5, alignment: 'right', height: 4 },
        ),

        heading('secaoRequerente', 79, '1. Requerente', '1. Applicant'),
        line('requerenteNome', 86, 'Nome / razão social: {{requerenteNome}}', 'Name: {{requerenteNome}}'),
        sentence('requerenteDocumento', 92, 'CPF / CNPJ: {documento}', 'CPF / CNPJ: {documento}', {
          documento: fieldOf('requerenteCpfCnpj', { kind: 'cpfCnpj' }),
        }),

        heading('secaoVeiculos', 100, '2. Veículo ou combinação', '2. Vehicle or combination'),
        line('placaCavalo', 107, 'Placa do cavalo-trator: {{placaCavalo}}', 'Tractor plate: {{placaCavalo}}'),
        {
          type: 'table',
          name: 'composicao',
          position: { x: MARGIN, y: 114 },
          width: CONTENT_WIDTH,
          height: 12,
          rows: { kind: 'linked', field: 'composicao' },
          columns: [
            { header: text('Unidade', 'Unit'), width: 34, binding: fieldOf('tipoVeiculo') },
            { header: text('Placa', 'Plate'), width: 18, binding: fieldOf('placa') },
            { header: text('RENAVAM', 'RENAVAM'), width: 22, binding: fieldOf('renavam') },
            {
              header: text('Eixos', 'Axles'),
              width: 10,
              alignment: 'right',
              binding: fieldOf('numeroEixos'),
            },
            {
              header: text('PBT (t)', 'GVW (t)'),
              width: 16,
              alignment: 'right',
              binding: fieldOf('pbt', TWO_DECIMALS),
            },
          ],
          emptyText: text('Composição não informada', 'Combination not given'),
        },

        heading(
          'secaoDimensoes',
          130,
          '3. Dimensões e peso autorizados',
          '3. Authorised dimensions and weight',
        ),
        sentence(
          'dimensoes',
          137,
          'Comprimento total: {comprimento} m    Largura: {largura} m    Altura: {altura} m    PBTC: {pbtc} t    Eixos: {eixos}',
          'Overall length: {comprimento} m    Width: {largura} m    Height: {altura} m    GCW: {pbtc} t    Axles: {eixos}',
          {
            comprimento: fieldOf('comprimentoTotal', TWO_DECIMALS),
            largura: fieldOf('larguraTotal', TWO_DECIMALS),
            altura: fieldOf('alturaTotal', TWO_DECIMALS),
            pbtc: fieldOf('pbtc', TWO_DECIMALS),
            eixos: fieldOf('numeroEixos', { kind: 'integer' }),
          },
        ),

        heading('secaoCarga', 145, '4. Carga', '4. Cargo'),
        line('cargaDescricao', 152, 'Descrição: {{cargaDescricao}}', 'Description: {{cargaDescricao}}'),
        sentence(
          'cargaDetalhes',
          158,
          'Carga indivisível: {indivisivel}    Peso da carga: {peso} t    Produto perigoso: {perigosa}    Nº ONU: {onu}',
          'Indivisible load: {indivisivel}    Cargo weight: {peso} t    Dangerous goods: {perigosa}    UN No.: {onu}',
          {
            indivisivel: fieldOf('cargaIndivisivel', { kind: 'boolean' }),
            peso: fieldOf('cargaPeso', TWO_DECIMALS),
            perigosa: fieldOf('cargaPerigosa', { kind: 'boolean' }),
            onu: fieldOf('numeroOnu'),
          },
        ),

        heading('secaoPercurso', 166, '5. Percurso autorizado', '5. Authorised route'),
        line(
          'origemDestino',
          173,
          'Origem: {{origem}}    Destino: {{destino}}',
          'Origin: {{origem}}    Destination: {{destino}}',
        ),
        sentence(
          'trecho',
          179,
          'Rodovia {rodovia}, do km {kmInicial} ao km {kmFinal}    Retorno vazio: {retorno}',
          'Highway {rodovia}, from km {kmInicial} to km {kmFinal}    Empty return: {retorno}',
          {
            rodovia: fieldOf('rodovia'),
            kmInicial: fieldOf('kmInicial', { kind: 'decimal', digits: 1 }),
            kmFinal: fieldOf('kmFinal', { kind: 'decimal', digits: 1 }),
            retorno: fieldOf('retornoVazio', { kind: 'boolean' }),
          },
        ),
        value('trajeto', 185, 'trajeto', { height: 10, expand: true }),

        heading('secaoCondicoes', 198, '6. Condições de trânsito', '6. Travel conditions'),
        value('condicoesTransito', 205, 'condicoesTransito', { height: 14, expand: true }),

        heading('secaoEmissao', 222, '7. Emissão', '7. Issue'),
        line(
          'autoridade',
          229,
          'Autoridade emissora: DER - Diretoria de Operações - Divisão de Autorizações Especiais de Trânsito',
          'Issuing authority: DER - Operations Directorate - Special Transit Authorisations Division',
        ),
        line(
          'emitidaEm',
          235,
          'Emitida em: {{printedAt}} (horário de Brasília)',
          'Issued on: {{printedAt}} (Brasília time)',
        ),
        {
          type: 'text',
          name: 'assinatura',
          position: { x: MARGIN, y: 240 },
          width: CONTENT_WIDTH,
          height: 4,
          fontSize: 8,
          fontColor: BRAND_COLOR,
          binding: { kind: 'context', key: 'signature' },
        },
        {
          type: 'text',
          name: 'autenticidade',
          position: { x: MARGIN, y: 245 },
          width: CONTENT_WIDTH,
          height: 14,
          fontSize: 7.5,
          lineHeight: 1.3,
          overflow: 'expand',
          backgroundColor: '#F2F5F9',
          binding: {
            kind: 'literal',
            text: text(
              'Autenticidade: documento emitido eletronicamente pelo DER, verificável digitalmente: a leitura do QR code, ou o acesso ao endereço impresso sob ele, abre a página pública de validação, que mostra a situação da autorização e o documento autêntico. Confira se placas, dimensões, PBTC e percurso coincidem com os deste documento. Esta AET deve acompanhar o veículo durante todo o percurso e ser apresentada à fiscalização sempre que solicitada; o trânsito em desacordo com ela sujeita o infrator às penalidades do CTB.',
              "Authenticity: document issued electronically by DER, digitally verifiable: reading the QR code, or opening the address printed beneath it, shows the public validation page with the authorisation's status and the authentic document. Check that plates, dimensions, GCW and route match this document. This AET must travel with the vehicle along the whole route and be shown to inspectors whenever asked; travelling against it subjects the offender to the penalties of the CTB.",
            ),
          },
        },
      ],
    ],
  },
} satisfies PrintLayoutInput;
