import type { FieldDefinitionInput } from '@der/contracts';
import { field, option, text } from '../shared/builders.ts';
import { AET_ANALYSIS_FIELDS } from './analise.ts';
import { AET_COMBINATION_FIELDS } from './composicao.ts';
import { AET_DOCUMENT_FIELDS } from './documentos.ts';
import { AET_ISSUANCE_FIELDS } from './emissao.ts';
import { AET_FRAMING_OPTIONS } from './enquadramentos.ts';
import { AET_LIMIT_FIELDS } from './limites.ts';
import { AET_PAYMENT_FIELDS } from './pagamento.ts';
import { AET_ROUTE_FIELDS } from './trajeto.ts';

/**
 * Fields of an AET request (domain.md "AET"): applicant, type and legal framing, the vehicle combination and its
 * dimensions and weights, cargo, route, validity, engineer, fee and the issued authorisation. Dimensions carry
 * their unit in the label; what lists filter and sort on is indexed. What sending needs is required from leaving
 * the draft ('rascunho'): a draft is saved with whatever was filled. The requerente's identity comes from the
 * signed-in account (fromAccount), bound to it by the server for requerentes.
 */
export const SOLICITACAO_AET_FIELDS = [
  // Requerente
  field('tipoPessoa', 'PICKLIST', text('Tipo de pessoa', 'Person type'), {
    fromAccount: 'personType',
    required: true,
    requiredFrom: 'leavingInitialStatus',
    options: [
      option('fisica', 'Pessoa física', 'Individual'),
      option('juridica', 'Pessoa jurídica', 'Company'),
    ],
    defaultValue: 'juridica',
  }),
  field('qualificacaoRequerente', 'PICKLIST', text('Qualificação do requerente', 'Applicant role'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    indexed: true,
    filterAsList: true,
    options: [
      option('transportador', 'Transportador', 'Carrier'),
      option('embarcador', 'Embarcador', 'Shipper'),
      option('despachante', 'Despachante', 'Forwarding agent'),
    ],
  }),
  field('requerenteNome', 'STRING', text('Nome / razão social do requerente', 'Applicant name'), {
    fromAccount: 'name',
    required: true,
    requiredFrom: 'leavingInitialStatus',
    uppercase: true,
    maxLength: 200,
    indexed: true,
  }),
  field('requerenteCpfCnpj', 'STRING', text('CPF/CNPJ do requerente', 'Applicant CPF/CNPJ'), {
    fromAccount: 'cpfCnpj',
    required: true,
    requiredFrom: 'leavingInitialStatus',
    pattern: 'cpfCnpj',
    indexed: true,
  }),
  field('requerenteEmail', 'STRING', text('E-mail do requerente', 'Applicant e-mail'), {
    fromAccount: 'email',
    pattern: 'email',
  }),
  field('requerenteTelefone', 'STRING', text('Telefone', 'Phone'), {
    fromAccount: 'phone',
    pattern: 'phone',
    mask: '(00) 00000-0000',
  }),

  // Tipo e enquadramento
  field('tipoAutorizacao', 'PICKLIST', text('Tipo de autorização', 'Authorisation type'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    indexed: true,
    filterAsList: true,
    options: [
      option('viagemUnica', 'Viagem única', 'Single trip', '#1E88E5'),
      option('periodo', 'Por período', 'Per period', '#8E24AA'),
    ],
    defaultValue: 'viagemUnica',
  }),
  field('enquadramento', 'PICKLIST', text('Enquadramento', 'Legal framing'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    indexed: true,
    filterAsList: true,
    options: AET_FRAMING_OPTIONS,
  }),

  ...AET_COMBINATION_FIELDS,

  // Dimensões e pesos
  field('comprimentoTotal', 'DECIMAL', text('Comprimento total (m)', 'Overall length (m)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    minimum: 0,
    maximum: 60,
    indexed: true,
  }),
  field('larguraTotal', 'DECIMAL', text('Largura total (m)', 'Overall width (m)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    minimum: 0,
    maximum: 12,
    indexed: true,
  }),
  field('alturaTotal', 'DECIMAL', text('Altura total (m)', 'Overall height (m)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    minimum: 0,
    maximum: 12,
    indexed: true,
  }),
  field('balancoDianteiro', 'DECIMAL', text('Balanço dianteiro (m)', 'Front overhang (m)'), {
    minimum: 0,
    maximum: 10,
  }),
  field('balancoTraseiro', 'DECIMAL', text('Balanço traseiro (m)', 'Rear overhang (m)'), {
    minimum: 0,
    maximum: 10,
  }),
  field('pbtc', 'DECIMAL', text('PBTC (t)', 'Gross combination weight (t)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    minimum: 0,
    maximum: 500,
    indexed: true,
  }),
  field('numeroEixos', 'INTEGER', text('Número de eixos', 'Number of axles'), {
    minimum: 2,
    maximum: 40,
    indexed: true,
  }),
  field('cargasPorGrupoEixos', 'STRING', text('Cargas por grupo de eixos (t)', 'Loads per axle group (t)'), {
    maxLength: 500,
  }),
  field('excedeLargura', 'BOOLEAN', text('Excede a largura de 2,60 m', 'Exceeds the 2.60 m width')),
  field('excedeAltura', 'BOOLEAN', text('Excede a altura de 4,40 m', 'Exceeds the 4.40 m height')),
  field(
    'excedeComprimento',
    'BOOLEAN',
    text('Excede o comprimento de 19,80 m', 'Exceeds the 19.80 m length'),
  ),
  field('excedePeso', 'BOOLEAN', text('Excede o PBTC de 57 t', 'Exceeds the 57 t GCW')),

  // Carga
  field('cargaDescricao', 'STRING', text('Descrição da carga', 'Cargo description'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    maxLength: 500,
  }),
  field('cargaIndivisivel', 'BOOLEAN', text('Carga indivisível', 'Indivisible load')),
  field('cargaPerigosa', 'BOOLEAN', text('Produto perigoso', 'Dangerous goods')),
  field('numeroOnu', 'STRING', text('Número ONU', 'UN number'), { mask: '0000', maxLength: 4 }),
  field('cargaPeso', 'DECIMAL', text('Peso da carga (t)', 'Cargo weight (t)'), { minimum: 0, maximum: 500 }),
  field('cargaComprimento', 'DECIMAL', text('Comprimento da carga (m)', 'Cargo length (m)'), {
    minimum: 0,
    maximum: 60,
  }),
  field('cargaLargura', 'DECIMAL', text('Largura da carga (m)', 'Cargo width (m)'), {
    minimum: 0,
    maximum: 12,
  }),
  field('cargaAltura', 'DECIMAL', text('Altura da carga (m)', 'Cargo height (m)'), {
    minimum: 0,
    maximum: 12,
  }),
  field('embarcador', 'STRING', text('Embarcador', 'Shipper'), { maxLength: 200, uppercase: true }),

  ...AET_ROUTE_FIELDS,

  // Validade
  field('dataInicioValidade', 'DATE_TIME', text('Início da validade', 'Valid from'), { indexed: true }),
  field('dataFimValidade', 'DATE_TIME', text('Fim da validade', 'Valid until'), { indexed: true }),

  // Responsável técnico (acima dos limiares de engenharia)
  field('engenheiroNome', 'STRING', text('Engenheiro responsável', 'Responsible engineer'), {
    maxLength: 200,
  }),
  field('engenheiroCrea', 'STRING', text('CREA do engenheiro', 'Engineer CREA'), {
    maxLength: 30,
    uppercase: true,
  }),
  field('numeroArt', 'STRING', text('Número da ART', 'ART number'), { maxLength: 30 }),

  // Documentos (documentos.ts: the checklist) e declaração
  ...AET_DOCUMENT_FIELDS,
  field(
    'declaracaoVeracidade',
    'BOOLEAN',
    text('Declaro que as informações prestadas são verdadeiras', 'I declare the information given is true'),
    {
      required: true,
      requiredFrom: 'leavingInitialStatus',
    },
  ),
  // Each stage of the process brings its own fields (pagamento.ts, analise.ts, emissao.ts, limites.ts).
  ...AET_LIMIT_FIELDS,
  ...AET_PAYMENT_FIELDS,
  ...AET_ANALYSIS_FIELDS,
  ...AET_ISSUANCE_FIELDS,
] satisfies FieldDefinitionInput[];
