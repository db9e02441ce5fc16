import type { FieldDefinitionInput } from '@der/contracts';
import { field, option, text } from '../shared/builders.ts';
import { TPEU_SIGNATURE_FIELDS } from './tpeu-coassinatura.ts';
import { TPEU_DRAWING_FIELDS } from './tpeu-desenhos.ts';
import { TPEU_DOCUMENT_FIELDS } from './tpeu-documentos.ts';
import { TPEU_FEE_FIELDS } from './tpeu-remuneracao.ts';
import { TPEU_RENEWAL_FIELDS } from './tpeu-renovacao.ts';
import { TPEU_LIFE_FIELDS } from './tpeu-vigencia.ts';
import { TPEU_INSPECTION_FIELDS } from './tpeu-vistoria.ts';

/**
 * Fields of a TPEU request (domain.md "Faixa de domínio"): the permissionário (PF or PJ: their identity is the
 * signed-in account's, bound by the server; e-mail and phone start from it) with address and legal
 * representative, the occupation (purpose, form, passage, method, location, term), the fee or exemption and the
 * issued term. Units in the labels; what lists filter and sort on is indexed.
 */
export const SOLICITACAO_TPEU_FIELDS = [
  // Permissionário
  field('tipoPessoa', 'PICKLIST', text('Tipo de pessoa', 'Person type'), {
    fromAccount: 'personType',
    required: true,
    options: [
      option('fisica', 'Pessoa física', 'Individual'),
      option('juridica', 'Pessoa jurídica', 'Company'),
    ],
    defaultValue: 'juridica',
  }),
  field('nomeRazaoSocial', 'STRING', text('Nome / razão social', 'Name / company name'), {
    fromAccount: 'name',
    required: true,
    uppercase: true,
    maxLength: 200,
    indexed: true,
  }),
  field('cpfCnpj', 'STRING', text('CPF/CNPJ', 'CPF/CNPJ'), {
    fromAccount: 'cpfCnpj',
    required: true,
    pattern: 'cpfCnpj',
    indexed: true,
  }),
  field('rg', 'STRING', text('RG', 'ID card (RG)'), { maxLength: 20, uppercase: true }),
  field('orgaoExpedidor', 'STRING', text('Órgão expedidor / UF', 'Issuing authority / state'), {
    maxLength: 20,
    uppercase: true,
  }),
  field('profissao', 'STRING', text('Profissão', 'Occupation'), { maxLength: 100, uppercase: true }),
  field('estadoCivil', 'PICKLIST', text('Estado civil', 'Marital status'), {
    options: [
      option('solteiro', 'Solteiro(a)', 'Single'),
      option('casado', 'Casado(a)', 'Married'),
      option('divorciado', 'Divorciado(a)', 'Divorced'),
      option('viuvo', 'Viúvo(a)', 'Widowed'),
      option('uniaoEstavel', 'União estável', 'Civil union'),
    ],
  }),
  field('nacionalidade', 'STRING', text('Nacionalidade', 'Nationality'), { maxLength: 60, uppercase: true }),
  field('nomeFantasia', 'STRING', text('Nome fantasia', 'Trade name'), { maxLength: 200, uppercase: true }),
  field(
    'inscricaoEstadual',
    'STRING',
    text('Inscrição estadual (ou ISENTO)', 'State registration (or ISENTO)'),
    {
      maxLength: 20,
      uppercase: true,
    },
  ),
  field('atividade', 'STRING', text('Atividade', 'Business activity'), { maxLength: 200 }),
  field('email', 'STRING', text('E-mail', 'E-mail'), {
    fromAccount: 'email',
    required: true,
    pattern: 'email',
  }),
  field('telefone', 'STRING', text('Telefone', 'Phone'), {
    fromAccount: 'phone',
    pattern: 'phone',
    mask: '(00) 00000-0000',
  }),

  // Endereço (por CEP, sempre editável à mão)
  field('cep', 'STRING', text('CEP', 'Postal code (CEP)'), { pattern: 'cep', mask: '00000-000' }),
  field('logradouro', 'STRING', text('Logradouro', 'Street'), { maxLength: 200 }),
  field('numero', 'STRING', text('Número', 'Number'), { maxLength: 20 }),
  field('complemento', 'STRING', text('Complemento', 'Complement'), { maxLength: 100 }),
  field('bairro', 'STRING', text('Bairro', 'District'), { maxLength: 100 }),
  field('municipio', 'STRING', text('Município', 'City'), { maxLength: 100 }),
  field('uf', 'STRING', text('UF', 'State'), { maxLength: 2, uppercase: true }),

  // Representante legal
  field('representanteNome', 'STRING', text('Representante legal', 'Legal representative'), {
    maxLength: 200,
    uppercase: true,
  }),
  field('representanteCpf', 'STRING', text('CPF do representante', "Representative's CPF"), {
    pattern: 'cpf',
  }),

  // Ocupação
  field('finalidade', 'PICKLIST', text('Finalidade', 'Purpose'), {
    required: true,
    indexed: true,
    filterAsList: true,
    options: [
      option('energia', 'Energia elétrica', 'Electric power', '#FDD835'),
      option('telecom', 'Telecomunicações', 'Telecommunications', '#1E88E5'),
      option('agua', 'Abastecimento de água', 'Water supply', '#039BE5'),
      option('esgoto', 'Esgoto', 'Sewage', '#6D4C41'),
      option('gas', 'Gás / dutos', 'Gas / pipelines', '#F4511E'),
      option('acesso', 'Acesso', 'Access', '#43A047'),
      option('publicidade', 'Publicidade', 'Advertising', '#8E24AA'),
      option('outro', 'Outro', 'Other', '#757575'),
    ],
  }),
  field('tipoOcupacao', 'PICKLIST', text('Tipo de ocupação', 'Occupation form'), {
    required: true,
    indexed: true,
    filterAsList: true,
    options: [
      option('longitudinal', 'Longitudinal', 'Longitudinal'),
      option('transversal', 'Transversal (travessia)', 'Transversal (crossing)'),
      option('pontual', 'Pontual', 'Point'),
    ],
  }),
  field('passagem', 'PICKLIST', text('Passagem', 'Passage'), {
    options: [
      option('aerea', 'Aérea', 'Aerial'),
      option('subterranea', 'Subterrânea', 'Underground'),
      option('ponte', 'Em ponte / viaduto', 'On a bridge'),
    ],
  }),
  field('metodoExecucao', 'PICKLIST', text('Método executivo', 'Construction method'), {
    options: [
      option('perfuracaoDirecional', 'Perfuração direcional (MND)', 'Directional drilling'),
      option('vala', 'Vala a céu aberto', 'Open trench'),
      option('postes', 'Posteamento', 'Poles'),
      option('outro', 'Outro', 'Other'),
    ],
  }),
  field('rodovia', 'STRING', text('Rodovia', 'Highway'), {
    required: true,
    maxLength: 20,
    uppercase: true,
    indexed: true,
  }),
  field('municipioOcupacao', 'STRING', text('Município da ocupação', 'Municipality of the occupation'), {
    required: true,
    maxLength: 100,
    indexed: true,
  }),
  field('kmInicial', 'DECIMAL', text('Km inicial', 'Start km'), {
    required: true,
    minimum: 0,
    maximum: 2000,
    indexed: true,
  }),
  field('kmFinal', 'DECIMAL', text('Km final', 'End km'), { required: true, minimum: 0, maximum: 2000 }),
  field('lado', 'PICKLIST', text('Lado', 'Side'), {
    required: true,
    options: [
      option('direito', 'Direito', 'Right'),
      option('esquerdo', 'Esquerdo', 'Left'),
      option('ambos', 'Ambos', 'Both'),
      option('canteiro', 'Canteiro central', 'Median'),
    ],
  }),
  field('latitude', 'DECIMAL', text('Latitude (SIRGAS2000, graus)', 'Latitude (SIRGAS2000, degrees)'), {
    minimum: -90,
    maximum: 90,
  }),
  field('longitude', 'DECIMAL', text('Longitude (SIRGAS2000, graus)', 'Longitude (SIRGAS2000, degrees)'), {
    minimum: -180,
    maximum: 180,
  }),
  field('extensao', 'DECIMAL', text('Extensão (m)', 'Length (m)'), {
    minimum: 0,
    maximum: 1_000_000,
    indexed: true,
  }),
  field('area', 'DECIMAL', text('Área (m²)', 'Area (m²)'), { minimum: 0, maximum: 10_000_000 }),
  field('prazoMeses', 'INTEGER', text('Prazo solicitado (meses)', 'Requested term (months)'), {
    required: true,
    minimum: 1,
    maximum: 120,
    indexed: true,
  }),
  field('inicioObras', 'DATE_TIME', text('Início previsto das obras', 'Planned start of works'), {
    indexed: true,
  }),
  field('fimObras', 'DATE_TIME', text('Fim previsto das obras', 'Planned end of works'), { indexed: true }),
  field('cronograma', 'RICH_TEXT', text('Cronograma', 'Schedule')),
  field('descricaoOcupacao', 'RICH_TEXT', text('Memorial descritivo', 'Descriptive memorandum')),

  // Termo
  field('numeroProcesso', 'STRING', text('Número do processo', 'Process number'), {
    maxLength: 40,
    indexed: true,
    departmentOnly: true,
  }),
  field('numeroTpeu', 'STRING', text('Número do TPEU', 'TPEU number'), {
    maxLength: 40,
    indexed: true,
    departmentOnly: true,
  }),
  field('inicioVigencia', 'DATE_TIME', text('Início da vigência', 'Term start'), {
    indexed: true,
    departmentOnly: true,
  }),
  field('fimVigencia', 'DATE_TIME', text('Fim da vigência', 'Term end'), {
    indexed: true,
    departmentOnly: true,
  }),
  field('parecerTecnico', 'RICH_TEXT', text('Parecer técnico', 'Technical opinion'), {
    departmentOnly: true,
  }),
  ...TPEU_FEE_FIELDS,
  ...TPEU_DOCUMENT_FIELDS,
  ...TPEU_INSPECTION_FIELDS,
  ...TPEU_DRAWING_FIELDS,
  ...TPEU_LIFE_FIELDS,
  ...TPEU_SIGNATURE_FIELDS,
  ...TPEU_RENEWAL_FIELDS,
] satisfies FieldDefinitionInput[];
