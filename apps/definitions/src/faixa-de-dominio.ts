import { type ApplicationDefinitionInput, DEFINITION_SCHEMA_VERSION } from '@der/contracts';
import { SOLICITACAO_TPEU } from './faixa-de-dominio/solicitacao-tpeu.ts';
import { TPEU_SIGNATURE_TABLE } from './faixa-de-dominio/tpeu-coassinatura.ts';
import { TPEU_CHECKLIST_TABLE } from './faixa-de-dominio/tpeu-documentos.ts';
import { STATE_AREA_TABLE } from './faixa-de-dominio/tpeu-localizacao.ts';
import { TPEU_FEE_TABLE } from './faixa-de-dominio/tpeu-remuneracao.ts';
import { GROUPS, MINHAS_PENDENCIAS, quadroDeSolicitacoes, text } from './shared/builders.ts';

/** Faixa de Domínio — TPEU requests, first version (domain.md). */
export const FAIXA_DE_DOMINIO_DEFINITION = {
  schemaVersion: DEFINITION_SCHEMA_VERSION,
  key: 'faixa-de-dominio',
  version: 1,
  name: 'Faixa de Domínio',
  iconName: 'AddRoad',
  appVersion: '1.0',
  displayOnToolbar: true,
  groups: [GROUPS.permissionarios, GROUPS.analistas, GROUPS.administradores],
  menu: [
    {
      key: 'solicitacoes',
      name: text('Solicitações', 'Requests'),
      title: true,
      children: [
        {
          key: 'minhas-solicitacoes',
          name: text('Minhas solicitações de TPEU', 'My TPEU requests'),
          icon: 'ListAlt',
          target: {
            kind: 'list',
            componentId: 2,
            formId: 3,
            queryId: 2,
            viewId: 2,
            title: 'Minhas solicitações de TPEU',
          },
        },
        {
          key: 'nova-solicitacao',
          name: text('Nova solicitação', 'New request'),
          icon: 'AddCircleOutline',
          target: { kind: 'insertItem', componentId: 2, projectId: 0, formId: 4 },
        },
      ],
    },
    MINHAS_PENDENCIAS,
    quadroDeSolicitacoes(3),
    {
      // The inspections and the works on one calendar (calendar views of the TPEU component).
      key: 'agenda-vistorias',
      name: text('Agenda de vistorias e obras', 'Inspections and works calendar'),
      icon: 'CalendarMonth',
      target: { kind: 'calendar', title: 'Agenda de vistorias e obras' },
      groups: [GROUPS.analistas, GROUPS.administradores],
    },
    {
      key: 'relatorios',
      name: text('Relatórios', 'Reports'),
      title: true,
      children: [
        {
          key: 'tpeu-por-finalidade',
          name: text('TPEU por finalidade', 'TPEU by purpose'),
          icon: 'BarChart',
          target: { kind: 'report', reportId: 5, title: 'TPEU por finalidade' },
        },
      ],
    },
    {
      key: 'ajuda',
      name: text('Ajuda', 'Help'),
      title: true,
      children: [
        {
          key: 'manual',
          name: text('Manual do usuário', "User's manual"),
          icon: 'MenuBook',
          target: { kind: 'publicPath', path: '/docs/manual-usuario-faixa-de-dominio.pdf' },
        },
      ],
    },
  ],
  components: [SOLICITACAO_TPEU],
  referenceTables: [TPEU_CHECKLIST_TABLE, TPEU_FEE_TABLE, TPEU_SIGNATURE_TABLE, STATE_AREA_TABLE],
} satisfies ApplicationDefinitionInput;
