import { type ApplicationDefinitionInput, DEFINITION_SCHEMA_VERSION } from '@der/contracts';
import { AET_CONDITIONS_TABLE, AET_ENVELOPE_TABLE } from './aet/analise.ts';
import { AET_LIMITS_TABLE } from './aet/limites-tabela.ts';
import { AET_FEE_TABLE } from './aet/pagamento.ts';
import { SOLICITACAO_AET } from './aet/solicitacao.ts';
import { VEICULO } from './aet/veiculo.ts';
import { GROUPS, MINHAS_PENDENCIAS, quadroDeSolicitacoes, text } from './shared/builders.ts';

/** AET — Autorização Especial de Trânsito, first version (domain.md): requests and vehicles. */
export const AET_DEFINITION = {
  schemaVersion: DEFINITION_SCHEMA_VERSION,
  key: 'aet',
  version: 1,
  name: 'AET',
  iconName: 'LocalShipping',
  appVersion: '1.0',
  displayOnToolbar: true,
  groups: [GROUPS.requerentes, GROUPS.analistas, GROUPS.administradores],
  menu: [
    {
      key: 'solicitacoes',
      name: text('Solicitações', 'Requests'),
      title: true,
      children: [
        {
          key: 'minhas-solicitacoes',
          name: text('Minhas solicitações', 'My requests'),
          icon: 'ListAlt',
          target: {
            kind: 'list',
            componentId: 1,
            formId: 1,
            queryId: 1,
            viewId: 1,
            title: 'Minhas solicitações',
          },
        },
        {
          key: 'nova-solicitacao',
          name: text('Nova solicitação', 'New request'),
          icon: 'AddCircleOutline',
          target: { kind: 'insertItem', componentId: 1, projectId: 0, formId: 2 },
        },
      ],
    },
    {
      // The fleet: a requerente registers each vehicle once and builds every request's combination from it
      // (they see only their own: item visibility by creator); the analysts see the units of the requests.
      key: 'veiculos',
      name: text('Veículos', 'Vehicles'),
      title: true,
      children: [
        {
          key: 'meus-veiculos',
          name: text('Meus veículos', 'My vehicles'),
          icon: 'LocalShipping',
          target: { kind: 'list', componentId: 6, formId: 8, queryId: 7, viewId: 6, title: 'Meus veículos' },
          groups: [GROUPS.requerentes],
        },
        {
          key: 'novo-veiculo',
          name: text('Novo veículo', 'New vehicle'),
          icon: 'AddCircleOutline',
          target: { kind: 'insertItem', componentId: 6, projectId: 0, formId: 8 },
          groups: [GROUPS.requerentes],
        },
        {
          key: 'veiculos-das-solicitacoes',
          name: text('Veículos das solicitações', 'Vehicles of the requests'),
          icon: 'LocalShipping',
          target: { kind: 'list', componentId: 6, formId: 8, queryId: 7, viewId: 6, title: 'Veículos' },
          groups: [GROUPS.analistas, GROUPS.administradores],
        },
      ],
    },
    MINHAS_PENDENCIAS,
    quadroDeSolicitacoes(2),
    {
      key: 'consultas',
      name: text('Consultas', 'Lookups'),
      title: true,
      children: [
        {
          key: 'validar-aet',
          name: text('Validar AET', 'Validate AET'),
          icon: 'VerifiedUser',
          target: { kind: 'publicPath', path: '/validarAET' },
        },
        {
          key: 'manual',
          name: text('Manual do requerente', "Applicant's manual"),
          icon: 'MenuBook',
          target: { kind: 'publicPath', path: '/docs/manual-requerente-aet.pdf' },
        },
      ],
    },
    {
      key: 'relatorios',
      name: text('Relatórios', 'Reports'),
      title: true,
      children: [
        {
          key: 'relatorio',
          name: text('AETs emitidas', 'Issued AETs'),
          icon: 'Assessment',
          target: { kind: 'report', reportId: 1, title: 'AETs emitidas' },
        },
        {
          key: 'solicitacoes-por-situacao',
          name: text('Solicitações por situação e mês', 'Requests by status and month'),
          icon: 'BarChart',
          target: { kind: 'report', reportId: 3, title: 'Solicitações por situação e mês' },
        },
        {
          key: 'taxas-arrecadadas',
          name: text('Taxas arrecadadas', 'Fees collected'),
          icon: 'BarChart',
          target: { kind: 'report', reportId: 4, title: 'Taxas arrecadadas' },
        },
      ],
    },
  ],
  components: [SOLICITACAO_AET, VEICULO],
  // Configuration the rules and processes read ($table): the department edits it in Administração.
  referenceTables: [AET_LIMITS_TABLE, AET_ENVELOPE_TABLE, AET_CONDITIONS_TABLE, AET_FEE_TABLE],
} satisfies ApplicationDefinitionInput;
