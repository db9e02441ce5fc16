import type { ComponentDefinition } from '@der/contracts';
import {
  DRAWING_REVIEW_FIELD,
  DRAWINGS_FIELD,
  refusalKey,
  TPEU_OCCUPATION_DOCUMENTS,
  tpeuChecklist,
  triageKey,
} from '@der/definitions';
import { createItem } from '../engine/items/create-items.ts';
import type { ItemActor } from '../engine/items/item-actor.ts';
import type { RuntimeItemRow } from '../engine/items/items.table.ts';
import { driveRequest, type ProcessPeople } from '../engine/workflow/process-driver.ts';
import type { Db } from '../infra/db/database.ts';
import { demoDocument } from './demo-files.ts';
import type { DemoTpeuRequest } from './demo-tpeu.data.ts';

/** Why the analyst asks for a correction, rejects, or confirms a payment in the demo data. */
const REASONS: Record<string, string> = {
  pendenteCorrecao: 'A ART não traz a assinatura do responsável técnico.',
  indeferida: 'A ocupação conflita com o projeto de duplicação da rodovia no trecho.',
  paga: 'Pagamento conferido no extrato bancário.',
};
const DEFAULT_REASON = 'Documentação conferida.';

const LABELS = new Map(TPEU_OCCUPATION_DOCUMENTS.map((document) => [document.key, document.label['pt-BR']]));

/** The documents of a demo request's checklist, uploaded by the permissionário as one PDF each. */
export async function demoTpeuDocuments(
  tx: Db,
  permissionarioId: number,
  request: DemoTpeuRequest,
): Promise<Record<string, number[]>> {
  const documents: Record<string, number[]> = {};
  for (const { documento } of tpeuChecklist(request.data)) {
    const title = LABELS.get(documento) ?? documento;
    documents[documento] = await demoDocument(tx, permissionarioId, `${documento}.pdf`, title, [
      request.title,
      `${String(request.data.rodovia)} — ${String(request.data.municipioOcupacao)}`,
    ]);
  }
  return documents;
}

/**
 * The analyst's screening: every document accepted, or one refused with the reason (the ART, which every
 * occupation lists) when the request is sent back for correction.
 */
export function demoTriage(documents: Record<string, unknown>, refuse?: string): Record<string, string> {
  const triage: Record<string, string> = {};
  for (const key of Object.keys(documents)) triage[triageKey(key)] = 'aceito';
  if (refuse) {
    triage[triageKey('arquivoArt')] = 'recusado';
    triage[refusalKey('arquivoArt')] = refuse;
  }
  return triage;
}

/** Where a demo request stops before its inspection is reported (rejected ones are so at screening). */
/** The statuses a demo request reaches through its issued TPEU. */
const ISSUED = new Set(['emitida', 'vigente']);
const UNINSPECTED = new Set(['protocolada', 'triagem', 'pendenteCorrecao', 'vistoria', 'indeferida']);

/** The day the analyst schedules the site visit: a week after filing, at nine. */
export function demoInspectionDate(filedAt: Date): Record<string, string> {
  const day = new Date(filedAt.getTime() + 7 * 86_400_000);
  day.setUTCHours(12, 0, 0, 0);
  return { dataVistoria: day.toISOString() };
}

/** The inspector's report with its photographic record (a PDF of the photos). */
export async function demoInspectionReport(
  tx: Db,
  inspectorId: number,
  request: DemoTpeuRequest,
): Promise<Record<string, unknown>> {
  return {
    relatorioVistoria:
      '<p>Local vistoriado: faixa livre de interferências, drenagem preservada; a ocupação é viável como projetada.</p>',
    fotosVistoria: await demoDocument(
      tx,
      inspectorId,
      'fotos-vistoria.pdf',
      'Relatório fotográfico da vistoria',
      [request.title, `${String(request.data.rodovia)} — ${String(request.data.municipioOcupacao)}`],
    ),
  };
}

/** The analyst's verdict on the drawings: every sheet approved (a request without drawings has none to give). */
export function demoDrawingReview(documents: Record<string, number[]>): Record<string, unknown> {
  const sheets = documents[DRAWINGS_FIELD] ?? [];
  if (sheets.length === 0) return {};
  return { [DRAWING_REVIEW_FIELD]: sheets.map((_, index) => ({ folha: index + 1, parecer: 'aprovado' })) };
}

/** A clock from `start` that moves a day per step of the process, never past `now`. */
function processClock(start: Date, now: Date): () => Date {
  let at = start.getTime();
  return () => {
    at = Math.min(at + 86_400_000, now.getTime());
    return new Date(at);
  };
}

/**
 * A demo TPEU request filed through the product's own path: the permissionário saves the draft with the
 * documents its checklist lists, then every workflow action runs as whoever runs it, so the process number, the
 * price and the exemption come from the workflow and the price table (tpeu-remuneracao.ts) — never typed by the
 * seed; the analyst screens the documents (demoTriage). An issued one goes through the payment when it owes the price,
 * and gets its TPEU numbered and attached; one in force also had its works accepted.
 */
export async function seedDemoTpeuRequest(
  tx: Db,
  component: ComponentDefinition,
  people: ProcessPeople,
  request: DemoTpeuRequest,
  createdAt: Date,
  now: Date,
): Promise<RuntimeItemRow> {
  const applicant: ItemActor = people.applicant;
  const documents = await demoTpeuDocuments(tx, applicant.userId, request);
  const draft = await createItem(
    tx,
    applicant,
    {
      componentId: component.id,
      projectId: 0,
      title: request.title,
      data: { ...request.data, ...documents },
    },
    createdAt,
  );
  if (request.status === 'rascunho') return draft;
  const clock = processClock(createdAt, now);
  const screening = {
    agendarVistoria: { ...demoTriage(documents), ...demoInspectionDate(createdAt) },
    // Only a request that gets past the inspection holds its report (no stray photo files otherwise).
    concluirVistoria: UNINSPECTED.has(request.status)
      ? {}
      : await demoInspectionReport(tx, people.analyst.userId, request),
    solicitarCorrecao: demoTriage(documents, REASONS.pendenteCorrecao),
    aprovar: demoDrawingReview(documents),
  };
  const drive = (id: number, target: string, values: Record<string, Record<string, unknown>> = {}) =>
    driveRequest(tx, component, id, target, {
      people,
      now: clock,
      reason: REASONS[target] ?? DEFAULT_REASON,
      values: { ...screening, ...values },
    });
  if (!ISSUED.has(request.status)) return drive(draft.id, request.status);
  const approved = await drive(draft.id, 'aprovada');
  const owes = Number((approved.data as Record<string, unknown>).valorTotal ?? 0) > 0;
  const settled = owes ? await drive(approved.id, 'paga') : approved;
  const issued = await drive(settled.id, 'emitida', { emitir: request.vigencia });
  if (request.status === 'emitida') return issued;
  // In force: the works done, their as-built sent, the final inspection accepted them (Termo de Recebimento).
  return drive(issued.id, request.status, {
    concluirObras: {
      asBuilt: await demoDocument(tx, applicant.userId, 'as-built.pdf', 'Projeto como construído', [
        request.title,
      ]),
    },
    receberObras: {
      laudoVistoriaFinal:
        '<p>Obra executada conforme o projeto aprovado; pavimento e drenagem recompostos.</p>',
    },
  });
}
