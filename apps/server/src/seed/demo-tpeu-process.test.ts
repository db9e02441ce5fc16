import { ApplicationDefinitionSchema, evaluateRuleExpression, referenceTableSource } from '@der/contracts';
import { FAIXA_DE_DOMINIO_DEFINITION, TPEU_ANNUAL_PRICE_EXPRESSION } from '@der/definitions';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertItems } from '../../test/fixtures/query-test-fixture.ts';
import { EXEMPT, PRICED, TERM, TPEU, useTpeuProcess } from '../../test/fixtures/tpeu-process-fixture.ts';
import { bearer } from '../../test/helpers/auth.ts';
import { runtimeAttachments } from '../engine/attachments/attachments.table.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { runTpeuDailySteps } from '../modules/tpeu/tpeu-expiry.ts';
import { demoDrawingReview, demoInspectionDate, demoTriage } from './demo-tpeu.seed.ts';

/**
 * The shipped TPEU process (apps/definitions faixa-de-dominio/tpeu-workflow.ts) through the workflow calls on
 * the demo data: protocolling needs the checklist's documents and fixes the price and exemption by the table; the
 * analyst screens, asks for a correction, sends the request to an inspector chosen among the analysts, reviews,
 * approves, charges a priced request and issues the TPEU once paid; the permissionário is told at each turn and
 * never writes a department field. The seeded requests went the same way and agree with the price table.
 */
const tpeu = useTpeuProcess();
const {
  people,
  post,
  itemRow,
  act,
  lastMessageTitle,
  documentsOf,
  draft,
  filed,
  inspectionReport,
  inspectAndApprove,
  issued,
} = tpeu;

describe('the TPEU process on the demo data', () => {
  it("is protocolled only with its checklist's required documents, each named", async () => {
    const bare = await draft(3, false);
    const refused = await act('permissionario', bare.id, 'protocolar');
    expect(refused.statusCode).toBe(400);
    const named = (refused.json().details as Array<{ field: string }>).map((detail) => detail.field);
    expect(named).toEqual(
      expect.arrayContaining([
        'requerimento',
        'projetoDesenhos',
        'arquivoArt',
        'contratoSocial',
        'procuracao',
      ]),
    );
    expect((await itemRow(bare.id)).status).toBe('rascunho');
  });

  it('gets its process number, and the price and exemption of the table, on protocolling', async () => {
    const exempt = await filed(EXEMPT);
    expect(await itemRow(exempt.id)).toMatchObject({ status: 'protocolada', responsibleId: null });
    expect((await itemRow(exempt.id)).data).toMatchObject({
      numeroProcesso: exempt.formattedId,
      isentoRemuneracao: true,
      motivoIsencao: expect.stringMatching(/energia elétrica/),
      precoPublicoAnual: 0,
      valorTotal: 0,
    });
    const priced = await filed(PRICED);
    const { data } = await itemRow(priced.id);
    expect(data).toMatchObject({ isentoRemuneracao: false, precoPublicoAnual: 1800 });
    expect(data.valorTotal).toBe(Math.round(1800 * Number(data.prazoMeses) * 100) / 1200);
  });

  it('is screened, corrected, inspected by an analyst the dialog offers, reviewed and approved', async () => {
    const request = await filed(EXEMPT);
    expect((await act('analyst', request.id, 'iniciarTriagem')).statusCode).toBe(200);
    expect(await itemRow(request.id)).toMatchObject({ status: 'triagem', responsibleId: people.analyst.id });

    // Sending to inspection needs every document accepted in the screening.
    const unscreened = await act('analyst', request.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
    });
    expect(unscreened.statusCode).toBe(400);
    expect(JSON.stringify(unscreened.json())).toContain('Aceite na triagem todos os documentos');

    const refusal = 'A ART não traz a assinatura do responsável técnico.';
    expect((await act('analyst', request.id, 'solicitarCorrecao')).statusCode).toBe(400);
    const corrected = await act('analyst', request.id, 'solicitarCorrecao', {
      reason: 'Documento recusado na triagem.',
      changes: demoTriage(request.documents, refusal),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await lastMessageTitle('permissionario')).toBe(
      `Correção solicitada na solicitação ${request.formattedId}`,
    );
    expect((await itemRow(request.id)).data).toMatchObject({
      triagem_arquivoArt: 'recusado',
      motivoRecusa_arquivoArt: refusal,
      triagem_requerimento: 'aceito',
    });

    // The permissionário replaces only what was refused: an accepted document stays as it was.
    const replace = async (field: string) => {
      const [file] = (await documentsOf(EXEMPT))[field] ?? [];
      return post('permissionario', 'updateItemField', {
        componentId: TPEU,
        itemId: request.id,
        version: (await itemRow(request.id)).version,
        field,
        value: [file],
      });
    };
    const accepted = await replace('requerimento');
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().details[0]).toMatchObject({ field: 'requerimento', code: 'fieldNotEditable' });
    const refused = await replace('arquivoArt');
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await act('permissionario', request.id, 'reenviar')).statusCode).toBe(200);
    expect(await lastMessageTitle('analyst')).toBe(`Solicitação ${request.formattedId} corrigida`);
    // The analyst sees the replaced document by its name, not its id.
    const diff = await tpeu.app.inject({
      method: 'GET',
      url: `/api/genericItem/getChangesSinceCorrection?itemId=${request.id}`,
      headers: bearer(people.analyst.token),
    });
    expect(diff.json().changes).toContainEqual(
      expect.objectContaining({
        field: 'arquivoArt',
        oldValue: 'arquivoArt.pdf',
        newValue: 'arquivoArt.pdf',
      }),
    );
    // Screening again: nothing but the department's fields is the permissionário's to change now.
    const locked = await post('permissionario', 'updateItemField', {
      componentId: TPEU,
      itemId: request.id,
      version: (await itemRow(request.id)).version,
      field: 'kmFinal',
      value: 999,
    });
    expect(locked.statusCode).toBe(400);

    const candidates = await post('analyst', 'loadResponsibles', {
      itemId: request.id,
      componentId: TPEU,
      action: 'agendarVistoria',
    });
    expect(candidates.json().responsibles.map((person: { id: number }) => person.id)).toEqual([
      people.analyst.id,
    ]);
    // The inspection needs its date; the permissionário is told when.
    const undated = await act('analyst', request.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
      changes: demoTriage(request.documents),
    });
    expect(undated.statusCode).toBe(400);
    const inspection = await act('analyst', request.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
      changes: { ...demoTriage(request.documents), ...demoInspectionDate(new Date()) },
    });
    expect(inspection.statusCode, inspection.body).toBe(200);
    expect(await lastMessageTitle('permissionario')).toBe(`Vistoria agendada: ${request.formattedId}`);
    // Finished only with its report and photos.
    const unreported = await act('analyst', request.id, 'concluirVistoria');
    expect(unreported.statusCode).toBe(400);
    expect(JSON.stringify(unreported.json())).toContain(
      'Registre o relatório da vistoria, com ao menos uma foto',
    );
    const reported = await act('analyst', request.id, 'concluirVistoria', {
      changes: await inspectionReport(),
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await act('permissionario', request.id, 'aprovar')).statusCode).not.toBe(200);
    const unreviewed = await act('analyst', request.id, 'aprovar');
    expect(unreviewed.statusCode).toBe(400);
    expect(JSON.stringify(unreviewed.json())).toContain('Dê parecer a cada folha dos desenhos');
    const approved = await act('analyst', request.id, 'aprovar', {
      changes: demoDrawingReview(request.documents),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await itemRow(request.id)).status).toBe('aprovada');
    expect(await lastMessageTitle('permissionario')).toBe(
      `Sua solicitação ${request.formattedId} foi aprovada`,
    );
    // Exempt: nothing to charge; issued with the term.
    const charge = await act('analyst', request.id, 'cobrarRemuneracao');
    expect(charge.statusCode).toBe(400);
    expect(JSON.stringify(charge.json())).toContain('Não há remuneração a cobrar');
    const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await itemRow(request.id)).data.numeroTpeu).toBe(request.formattedId);
  });

  it('charges a priced request and issues its TPEU only once paid', async () => {
    const request = await filed(PRICED);
    await inspectAndApprove(request.id, request.documents);
    const early = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json())).toContain('receba a remuneração');

    expect((await act('analyst', request.id, 'cobrarRemuneracao')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('aguardandoPagamento');
    expect(await lastMessageTitle('permissionario')).toBe(`Remuneração do TPEU ${request.formattedId}`);
    expect(
      (await act('permissionario', request.id, 'confirmarPagamento', { reason: 'Paguei.' })).statusCode,
    ).not.toBe(200);
    const paid = await act('analyst', request.id, 'confirmarPagamento', { reason: 'Conferido no extrato.' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await itemRow(request.id)).data.dataPagamento).toEqual(expect.any(String));
    const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await itemRow(request.id)).status).toBe('emitida');
  });
});

const DAY_MS = 86_400_000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('the issued TPEU', () => {
  it('is received with its signed Termo de Recebimento once the works end, with the as-built', async () => {
    const request = await issued();
    expect((await act('permissionario', request.id, 'concluirObras')).statusCode).toBe(400);
    // Issued, the permissionário writes only the as-built and the withdrawal date.
    const field = (name: string, value: unknown) =>
      itemRow(request.id).then(({ version }) =>
        post('permissionario', 'updateItemField', {
          componentId: TPEU,
          itemId: request.id,
          version,
          field: name,
          value,
        }),
      );
    expect((await field('kmFinal', 999)).statusCode).toBe(400);
    const asBuilt = await documentsOf(EXEMPT);
    expect((await field('asBuilt', asBuilt.projetoDesenhos)).statusCode).toBe(200);
    expect((await act('permissionario', request.id, 'concluirObras')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('vistoriaFinal');

    const unreported = await act('analyst', request.id, 'receberObras');
    expect(unreported.statusCode).toBe(400);
    expect(JSON.stringify(unreported.json())).toContain('Registre o relatório da vistoria final.');
    const received = await act('analyst', request.id, 'receberObras', {
      changes: { laudoVistoriaFinal: '<p>Obra executada conforme o projeto; faixa recomposta.</p>' },
    });
    expect(received.statusCode, received.body).toBe(200);
    const row = await itemRow(request.id);
    expect(row.status).toBe('vigente');
    expect(row.data.dataRecebimento).toEqual(expect.any(String));
    const attached = await tpeu.app.database.db
      .select()
      .from(runtimeAttachments)
      .where(eq(runtimeAttachments.itemId, request.id));
    // The stamped sheet and the TPEU at issuing, the Termo de Recebimento now.
    expect(attached).toHaveLength(3);
    expect(await lastMessageTitle('permissionario')).toBe(`Obras do TPEU ${row.data.numeroTpeu} recebidas`);
  });

  it("is given up only with 60 days' notice, and ended by the daily job on that day", async () => {
    const request = await issued();
    const notice = (days: number) =>
      act('permissionario', request.id, 'desistir', {
        reason: 'A rede será remanejada para fora da faixa.',
        changes: { dataEncerramento: isoDaysFromNow(days) },
      });
    const short = await notice(30);
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('aviso de 60 dias');
    expect((await notice(61)).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('desistenciaComunicada');
    // The job leaves it in force until the date, and ends it the day after.
    expect(
      (await runTpeuDailySteps(tpeu.app.database.db, new Date(Date.now() + 30 * DAY_MS))).tpeusEnded,
    ).toBe(0);
    expect(
      (await runTpeuDailySteps(tpeu.app.database.db, new Date(Date.now() + 63 * DAY_MS))).tpeusEnded,
    ).toBeGreaterThan(0);
    expect((await itemRow(request.id)).status).toBe('encerrada');
  });

  it('expires by the daily job once its term is over, and is revoked by the department with a reason', async () => {
    const expiring = await issued();
    const revoked = await issued();
    expect((await act('permissionario', revoked.id, 'revogar', { reason: 'x' })).statusCode).not.toBe(200);
    expect((await act('analyst', revoked.id, 'revogar')).statusCode).toBe(400);
    expect(
      (await act('analyst', revoked.id, 'revogar', { reason: 'Obra fora do projeto aprovado.' })).statusCode,
    ).toBe(200);
    expect((await itemRow(revoked.id)).status).toBe('revogada');
    await runTpeuDailySteps(tpeu.app.database.db, new Date(Date.parse(TERM.fimVigencia) + 2 * DAY_MS));
    expect((await itemRow(expiring.id)).status).toBe('expirada');
    expect((await itemRow(revoked.id)).status).toBe('revogada');
  });
});

describe('the department fields of a TPEU', () => {
  const departmentFields = FAIXA_DE_DOMINIO_DEFINITION.components[0]!.fields.filter(
    (field) => 'departmentOnly' in field && field.departmentOnly,
  ).map((field) => field.key);

  it('lists the decisions: price, exemption, process and TPEU numbers, term, opinion, payment', () => {
    expect(departmentFields).toEqual(
      expect.arrayContaining([
        'isentoRemuneracao',
        'motivoIsencao',
        'precoPublicoAnual',
        'valorTotal',
        'numeroProcesso',
        'numeroTpeu',
        'inicioVigencia',
        'fimVigencia',
        'parecerTecnico',
        'dataPagamento',
      ]),
    );
  });

  it('are never written by the permissionário, in any status of their own request', async () => {
    const statuses = FAIXA_DE_DOMINIO_DEFINITION.components[0]!.workflow.statuses.map((status) => status.key);
    const ids = await insertItems(
      tpeu.app.database.db,
      statuses.map((status) => ({
        componentId: TPEU,
        status,
        creatorId: people.permissionario.id,
        data: {},
      })),
    );
    for (const [index, itemId] of ids.entries())
      for (const field of departmentFields) {
        const response = await post('permissionario', 'updateItemField', {
          componentId: TPEU,
          itemId,
          version: 1,
          field,
          value:
            field === 'isentoRemuneracao'
              ? true
              : field.endsWith('Vigencia') || field === 'dataPagamento'
                ? TERM.inicioVigencia
                : field === 'precoPublicoAnual' || field === 'valorTotal'
                  ? 0.01
                  : 'FORJADO',
        });
        expect(response.statusCode, `${statuses[index]} ${field}`).toBe(400);
        expect(response.json().details[0]).toMatchObject({ field, code: 'fieldNotEditable' });
      }
    // Every status by every department field: several hundred saves.
  }, 120_000);
});

describe('the demo TPEU requests', () => {
  it('were filed through the workflow and agree with the price table', async () => {
    const rows = await tpeu.app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, TPEU))
      .orderBy(asc(runtimeItems.id));
    // The seed backdates its requests (filed days to months ago); this file's own were filed just now.
    const seeded = rows.filter(
      (row) => row.creatorId === people.permissionario.id && row.createdAt.getTime() < Date.now() - DAY_MS,
    );
    expect(new Set(seeded.map((row) => row.status))).toEqual(
      new Set([
        'rascunho',
        'protocolada',
        'triagem',
        'pendenteCorrecao',
        'vistoria',
        'analiseTecnica',
        'aprovada',
        'emitida',
        'indeferida',
        'vigente',
      ]),
    );
    const tables = referenceTableSource(
      ApplicationDefinitionSchema.parse(FAIXA_DE_DOMINIO_DEFINITION).referenceTables,
    );
    for (const row of seeded.filter((candidate) => candidate.status !== 'rascunho')) {
      const data = row.data as Record<string, unknown>;
      const price = await evaluateRuleExpression(TPEU_ANNUAL_PRICE_EXPRESSION, data, { tables });
      expect(data.precoPublicoAnual, row.formattedId).toBe(price);
      expect(data.numeroProcesso, row.formattedId).toBe(row.formattedId);
      const total = data.isentoRemuneracao
        ? 0
        : Math.round((Number(price) * Number(data.prazoMeses) * 100) / 12) / 100;
      expect(data.valorTotal, row.formattedId).toBe(total);
    }
    const issued = seeded.filter((row) => row.status === 'emitida' || row.status === 'vigente');
    expect(issued.length).toBeGreaterThan(0);
    for (const row of issued) expect((row.data as Record<string, unknown>).numeroTpeu).toBe(row.formattedId);
    // In force: the works accepted on the final inspection, with the as-built.
    for (const row of seeded.filter((candidate) => candidate.status === 'vigente'))
      expect(row.data).toMatchObject({ dataRecebimento: expect.any(String), asBuilt: [expect.any(Number)] });
  });
});
