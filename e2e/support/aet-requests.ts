import { execFileSync } from 'node:child_process';
import type { ActionResult, FormItem, FormView, ItemChoice } from '@der/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, SessionApi } from '../fixtures/shell.ts';

/** Component 1 (Solicitação de AET): form 2 is the requerente's new request. */
const AET_COMPONENT = 1;
const NEW_REQUEST_FORM = 2;

/** The item's protocol number once it has been sent (a draft has a 'RASCUNHO-' ID until then). */
export async function formattedIdOf(session: SessionApi, itemId: number): Promise<string> {
  const item = await session.post<FormItem>('/api/genericItem/refreshItem', {
    itemId,
    componentId: AET_COMPONENT,
  });
  return item.formattedId;
}

/** A minimal PDF (the upload checks the type by content). */
export const DOCUMENT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/**
 * A new draft of the demo requerente: a copy of one of their seeded drafts (a full, valid request) saved through
 * their own session, as the portal does.
 */
export async function newAetDraft(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ requerente: SessionApi; saved: { id: number; formattedId: string; version: number } }> {
  const requerente = await SessionApi.signIn(request, DEMO_USERS.requerente);
  const { items } = await requerente.post<{ items: ItemChoice[] }>('/api/genericItem/loadGenericItems', {
    componentID: AET_COMPONENT,
    limit: 200,
  });
  let template: FormItem | null = null;
  for (const choice of items) {
    const item = await requerente.post<FormItem>('/api/genericItem/refreshItem', {
      itemId: choice.id,
      componentId: AET_COMPONENT,
    });
    if (item.status === 'rascunho') {
      template = item;
      break;
    }
  }
  if (!template) throw new Error('the demo requerente has no seeded draft to copy (SEED_DEMO_DATA)');
  const form = await requerente.get<FormView>(
    `/api/genericItem/getForm?componentId=${AET_COMPONENT}&formId=${NEW_REQUEST_FORM}`,
  );
  // The template's files belong to it: the new request gets its own upload for each checklist item it held.
  const writable = new Set(form.fields.filter((field) => !field.readOnly).map((field) => field.key));
  const files = new Set(form.fields.filter((field) => field.type === 'BINARY').map((field) => field.key));
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template.values)) {
    if (!writable.has(key) || value === null) continue;
    if (!files.has(key)) values[key] = value;
    else if (Array.isArray(value) && value.length > 0)
      values[key] = [
        await requerente.upload({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: DOCUMENT_PDF }),
      ];
  }
  Object.assign(values, overrides);
  const { saved } = await requerente.post<{ saved: { id: number; formattedId: string; version: number } }>(
    '/api/genericItem/saveItem',
    { componentId: AET_COMPONENT, formId: NEW_REQUEST_FORM, values },
  );
  return { requerente, saved };
}

/**
 * A segment on a road the automatic-issuance envelope does not cover (apps/definitions/src/aet/envelope.ts): a
 * paid request with it goes to the analysts instead of being issued at once.
 */
export const ROUTE_OUTSIDE_THE_ENVELOPE = [
  { rodovia: 'SP-099', kmInicial: 10, kmFinal: 20, municipio: 'Caraguatatuba' },
];

/**
 * A request of the demo requerente in 'Em análise': a new draft (above) on a road outside the envelope, sent by
 * them (Aguardando pagamento), its payment confirmed by the demo analyst (Paga), and the envelope check sends it
 * to the analysts' queue.
 */
export async function requestInAnalysis(
  request: APIRequestContext,
): Promise<{ id: number; formattedId: string }> {
  const { requerente, saved } = await newAetDraft(request, { trechos: ROUTE_OUTSIDE_THE_ENVELOPE });
  const sent = await requerente.post<ActionResult>('/api/genericItem/executeTaskAction', {
    itemId: saved.id,
    componentId: AET_COMPONENT,
    action: 'enviar',
    version: saved.version,
  });
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  await analyst.post<ActionResult>('/api/genericItem/executeTaskAction', {
    itemId: saved.id,
    componentId: AET_COMPONENT,
    action: 'confirmarPagamento',
    version: sent.saved.version,
    reason: 'Pagamento conferido no extrato (e2e)',
  });
  const checked = await analyst.post<FormItem>('/api/genericItem/refreshItem', {
    itemId: saved.id,
    componentId: AET_COMPONENT,
  });
  if (checked.status !== 'emAnalise')
    throw new Error(`the paid request went to '${checked.status}', not to analysis (envelope)`);
  // Sending gave it its protocol number (the draft had a draft ID).
  return { id: saved.id, formattedId: checked.formattedId };
}

/** The validity values of a request valid from today for `days` days (midnight in São Paulo, as the form saves). */
export function validityFromToday(days: number): { dataInicioValidade: string; dataFimValidade: string } {
  // São Paulo's days (UTC−3): from 21:00 there it is already the next day in UTC.
  const midnight = (offset: number) => {
    const day = new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000);
    return `${day.toISOString().slice(0, 10)}T03:00:00.000Z`;
  };
  return { dataInicioValidade: midnight(0), dataFimValidade: midnight(days) };
}

/** Clicks a download button and answers the downloaded PDF's text (pdftotext, poppler-utils). */
export async function downloadedPdfText(page: Page, button: Locator): Promise<string> {
  await expect(button).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The validation code of an AET as its PDF prints the QR code's address (/validarAET?uid=…). */
export function validationUidIn(pdfText: string): string {
  const uid = /\/validarAET\?uid=([A-Za-z0-9_-]+)/.exec(pdfText)?.[1] ?? '';
  // Random, at least 128 bits (22 base64url characters): never the sequential number.
  expect(uid.length).toBeGreaterThanOrEqual(22);
  return uid;
}
