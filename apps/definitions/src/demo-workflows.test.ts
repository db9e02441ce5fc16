import {
  type ApplicationDefinition,
  type ComponentDefinition,
  validateApplicationDefinition,
  type WorkflowAction,
  type WorkflowDefinition,
} from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_DEFINITION, DEMO_DEFINITIONS, FAIXA_DE_DOMINIO_DEFINITION } from './index.ts';
import { GROUPS, INTAKE_PROJECTS } from './shared/builders.ts';

function validated(doc: unknown): ApplicationDefinition {
  const result = validateApplicationDefinition(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.definition;
}

const applications = DEMO_DEFINITIONS.map(validated);
const withWorkflow = applications.flatMap((application) =>
  application.components.flatMap((component) =>
    component.workflow ? [[component.name, component.workflow] as const] : [],
  ),
);

/** Statuses an item of the workflow can reach from the initial one by running actions. */
function reachable(workflow: WorkflowDefinition): Set<string> {
  const initial = workflow.statuses.find((status) => status.initial)!.key;
  const seen = new Set([initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const action of workflow.actions) {
      if (action.from.some((key) => seen.has(key)) && !seen.has(action.to)) {
        seen.add(action.to);
        grew = true;
      }
    }
  }
  return seen;
}

/** Runs actions by key from the initial status, each from where the previous one left: the statuses visited. */
function walk(workflow: WorkflowDefinition, keys: string[]): string[] {
  let status = workflow.statuses.find((candidate) => candidate.initial)!.key;
  const visited = [status];
  for (const key of keys) {
    const action = workflow.actions.find((candidate) => candidate.key === key);
    if (!action) throw new Error(`no action ${key}`);
    if (!action.from.includes(status)) throw new Error(`${key} does not leave ${status}`);
    status = action.to;
    visited.push(status);
  }
  return visited;
}

/** Statuses an item is sent back to or closed in for a reason the applicant or the team must read. */
const NEEDS_A_REASON = new Set(['pendenteCorrecao', 'indeferida', 'suspenso', 'cancelado']);

const component = (doc: unknown, name: string): ComponentDefinition =>
  validated(doc).components.find((candidate) => candidate.name === name)!;
const action = (workflow: WorkflowDefinition, key: string): WorkflowAction =>
  workflow.actions.find((candidate) => candidate.key === key)!;

describe.each(withWorkflow)('the %s workflow', (_name, workflow) => {
  it('reaches every status from the initial one', () => {
    expect([...reachable(workflow)].toSorted()).toEqual(workflow.statuses.map((s) => s.key).toSorted());
  });

  it('gives every status that is not final a way out', () => {
    for (const status of workflow.statuses.filter((candidate) => !candidate.final)) {
      expect(
        workflow.actions.some((candidate) => candidate.from.includes(status.key)),
        status.key,
      ).toBe(true);
    }
  });

  it('asks for a reason on every correction, rejection, suspension or cancellation', () => {
    const sendingBack = workflow.actions.filter((candidate) => NEEDS_A_REASON.has(candidate.to));
    for (const candidate of sendingBack) expect(candidate.reasonRequired, candidate.key).toBe(true);
  });

  it('asks for confirmation before every action that ends the process', () => {
    const finals = new Set(workflow.statuses.filter((status) => status.final).map((status) => status.key));
    for (const candidate of workflow.actions.filter((entry) => finals.has(entry.to)))
      expect(candidate.confirmation, candidate.key).toBeDefined();
  });
});

describe('the AET request', () => {
  const solicitacao = component(AET_DEFINITION, 'SolicitacaoAET');
  const workflow = solicitacao.workflow!;

  it('moves Rascunho → Aguardando pagamento → Paga, then issued at once inside the envelope or analysed outside it', () => {
    expect(walk(workflow, ['enviar', 'confirmarPagamento', 'deferirAutomaticamente', 'emitir'])).toEqual([
      'rascunho',
      'aguardandoPagamento',
      'paga',
      'deferida',
      'emitida',
    ]);
    expect(
      walk(workflow, [
        'enviar',
        'confirmarPagamento',
        'encaminharParaAnalise',
        'solicitarCorrecao',
        'reenviar',
        'deferir',
        'emitir',
        'suspender',
        'revogarSuspensao',
        'cancelar',
      ]),
    ).toEqual([
      'rascunho',
      'aguardandoPagamento',
      'paga',
      'emAnalise',
      'pendenteCorrecao',
      'emAnalise',
      'deferida',
      'emitida',
      'suspensa',
      'emitida',
      'cancelada',
    ]);
    expect(
      walk(workflow, ['enviar', 'confirmarPagamento', 'encaminharParaAnalise', 'indeferir']).at(-1),
    ).toBe('indeferida');
  });

  it('runs the envelope check when a request is paid', () => {
    const paga = workflow.statuses.find((status) => status.key === 'paga')!;
    expect(paga.onEnter).toEqual([
      expect.objectContaining({
        kind: 'runCheck',
        resultField: 'criteriosEnvelope',
        onPass: ['deferirAutomaticamente', 'emitir'],
        onFail: 'encaminharParaAnalise',
      }),
    ]);
  });

  it('lets the requerente send and resubmit only, the process account check and expire, and the analysts decide', () => {
    const byCreator = workflow.actions.filter((entry) => entry.allowedRoles.includes('creator'));
    expect(byCreator.map((entry) => entry.key)).toEqual(['enviar', 'reenviar']);
    // The envelope's outcomes and the expiry are the process account's (the administrator role), nobody else's.
    const byProcess = workflow.actions.filter((entry) => entry.allowedRoles.includes('administrator'));
    expect(byProcess.map((entry) => entry.key).sort()).toEqual([
      'deferirAutomaticamente',
      'encaminharParaAnalise',
      'expirar',
    ]);
    for (const entry of byProcess) {
      expect(entry.allowedRoles, entry.key).toEqual(['administrator']);
      expect(entry.allowedGroups, entry.key).toEqual([]);
    }
    const others = workflow.actions.filter(
      (candidate) => !byCreator.includes(candidate) && !byProcess.includes(candidate),
    );
    for (const entry of others) {
      expect(entry.allowedRoles, entry.key).toEqual([]);
      expect(entry.allowedGroups, entry.key).toEqual([GROUPS.analistas, GROUPS.administradores]);
    }
  });

  it("fixes the fee at sending; puts a request outside the envelope in the analysts' queue and tells them; the analyst who asks a correction keeps it", () => {
    const enviar = action(workflow, 'enviar');
    expect(enviar.effects[0]).toMatchObject({ kind: 'setField', field: 'valorTaxa' });
    const encaminhar = action(workflow, 'encaminharParaAnalise');
    expect(encaminhar.effects[0]).toEqual({
      kind: 'assignResponsible',
      to: { kind: 'group', group: GROUPS.analistas },
    });
    expect(encaminhar.effects).toContainEqual(
      expect.objectContaining({ kind: 'notify', recipients: [{ kind: 'responsibleGroup' }] }),
    );
    expect(action(workflow, 'solicitarCorrecao').effects).toEqual([
      { kind: 'assignResponsible', to: { kind: 'actor' } },
    ]);
    expect(action(workflow, 'reenviar').effects).toContainEqual(
      expect.objectContaining({ kind: 'notify', recipients: [{ kind: 'role', role: 'responsible' }] }),
    );
  });

  it('tells the requerente the reason of a correction or a rejection', () => {
    for (const key of ['pendenteCorrecao', 'indeferida']) {
      const notify = workflow.statuses.find((status) => status.key === key)!.onEnter[0]!;
      expect(notify).toMatchObject({ kind: 'notify', recipients: [{ kind: 'role', role: 'creator' }] });
      if (notify.kind !== 'notify') throw new Error('not a notification');
      expect(notify.message['pt-BR']).toContain('{{Reason}}');
      expect(notify.message.en).toContain('{{Reason}}');
    }
  });

  it('numbers, tokens and signs the AET when it is issued (by the action: lifting a suspension does not renumber)', () => {
    const emitir = action(workflow, 'emitir');
    expect(emitir.effects.map((effect) => effect.kind)).toEqual([
      'setField',
      'setField',
      'setField',
      'generateDocument',
      'notify',
    ]);
    expect(workflow.statuses.find((status) => status.key === 'emitida')!.onEnter).toEqual([]);
    expect(emitir.effects[3]).toEqual({
      kind: 'generateDocument',
      printLayoutId: 1,
      attach: true,
      sign: true,
    });
  });
});

describe('the TPEU request', () => {
  const workflow = component(FAIXA_DE_DOMINIO_DEFINITION, 'SolicitacaoTPEU').workflow!;

  it('is protocolled into the analysts’ queue and moves through screening, inspection and review', () => {
    expect(
      walk(workflow, [
        'protocolar',
        'iniciarTriagem',
        'solicitarCorrecao',
        'reenviar',
        'agendarVistoria',
        'concluirVistoria',
        'aprovar',
        'emitir',
        'autorizarObras',
      ]),
    ).toEqual([
      'rascunho',
      'protocolada',
      'triagem',
      'pendenteCorrecao',
      'triagem',
      'vistoria',
      'analiseTecnica',
      'aprovada',
      'aguardandoAssinatura',
      'emitida',
    ]);
    expect(action(workflow, 'protocolar').effects).toContainEqual({
      kind: 'assignResponsible',
      to: { kind: 'group', group: GROUPS.analistas },
    });
    expect(action(workflow, 'protocolar').allowedRoles).toEqual(['creator']);
  });

  it('asks who inspects, among the analysts', () => {
    expect(action(workflow, 'agendarVistoria')).toMatchObject({
      responsibleRequired: true,
      responsibleCandidates: { kind: 'group', group: GROUPS.analistas },
    });
  });
});

describe('portal requests and the work queue', () => {
  it('lands the requests and vehicles of the portals in the intake projects', () => {
    const landing = applications.flatMap((application) =>
      application.components.map((entry) => [entry.name, entry.externalRequests?.projectTitle ?? null]),
    );
    expect(landing).toEqual([
      ['SolicitacaoAET', INTAKE_PROJECTS.aet],
      ['Veiculo', INTAKE_PROJECTS.aet],
      ['SolicitacaoTPEU', INTAKE_PROJECTS.tpeu],
      ['Projeto', null],
      ['Tarefa', null],
      ['Atividade', null],
      ['PastaDocumentos', null],
      ['ArquivoRepositorio', null],
    ]);
  });

  it("shows 'Minhas pendências' in each application to the department's groups only", () => {
    for (const application of applications) {
      const entries = application.menu.flatMap(function flat(item): (typeof application.menu)[number][] {
        return [item, ...item.children.flatMap(flat)];
      });
      const queues = entries.filter((entry) => entry.target?.kind === 'pendingWork');
      expect(
        queues.map((entry) => [entry.key, entry.groups]),
        application.key,
      ).toEqual([['minhas-pendencias', [GROUPS.analistas, GROUPS.administradores]]]);
      // The analysts' request boards are the department's too; the applicants' own entries stay visible to them.
      const boards = entries.filter((entry) => entry.key === 'quadro-solicitacoes');
      for (const board of boards) expect(board.groups).toEqual([GROUPS.analistas, GROUPS.administradores]);
      // The AET fleet: 'Meus veículos' and 'Novo veículo' for the requerentes, the units of the requests for
      // the department (vehicles are items: each requerente lists only their own).
      const fleet = entries.filter((entry) => entry.target?.kind !== undefined && /veiculo/.test(entry.key));
      for (const entry of fleet)
        expect(entry.groups, entry.key).toEqual(
          entry.key === 'veiculos-das-solicitacoes'
            ? [GROUPS.analistas, GROUPS.administradores]
            : [GROUPS.requerentes],
        );
      // The inspections calendar is the analysts' agenda.
      const agendas = entries.filter((entry) => entry.key === 'agenda-vistorias');
      for (const agenda of agendas) expect(agenda.groups).toEqual([GROUPS.analistas, GROUPS.administradores]);
      const restricted = entries.filter((entry) => entry.groups.length > 0);
      expect(restricted).toEqual(expect.arrayContaining([...queues, ...boards, ...fleet, ...agendas]));
      expect(restricted).toHaveLength(queues.length + boards.length + fleet.length + agendas.length);
    }
  });

  it('words every text in pt-BR and en', () => {
    const missing: string[] = [];
    const visit = (value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const [index, entry] of value.entries()) visit(entry, `${path}[${index}]`);
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if ('pt-BR' in record || 'en' in record) {
          if (!String(record['pt-BR'] ?? '').trim() || !String(record.en ?? '').trim()) missing.push(path);
          return;
        }
        for (const [key, entry] of Object.entries(record)) visit(entry, `${path}.${key}`);
      }
    };
    for (const application of applications) visit(application, application.key);
    expect(missing).toEqual([]);
  });
});
