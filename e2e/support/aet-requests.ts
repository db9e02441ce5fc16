import type { FormItem, FormView, ItemChoice } from '@der/contracts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_USERS, SessionApi } from '../fixtures/shell.ts';

/** Component 1 (Solicitação de AET): form 2 is the requerente's new request. */
const AET_COMPONENT = 1;
const NEW_REQUEST_FORM = 2;

/**
 * A new draft of the demo requerente: a copy of one of their seeded drafts (a full, valid request) saved through
 * their own session, as the portal does.
 */
export async function newAetDraft(
  request: APIRequestContext,
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
  const writable = new Set(form.fields.filter((field) => !field.readOnly).map((field) => field.key));
  const values = Object.fromEntries(
    Object.entries(template.values).filter(([key, value]) => writable.has(key) && value !== null),
  );
  const { saved } = await requerente.post<{ saved: { id: number; formattedId: string; version: number } }>(
    '/api/genericItem/saveItem',
    { componentId: AET_COMPONENT, formId: NEW_REQUEST_FORM, values },
  );
  return { requerente, saved };
}

/** A request of the demo requerente in 'Em análise': a new draft (above) sent by them. */
export async function requestInAnalysis(
  request: APIRequestContext,
): Promise<{ id: number; formattedId: string }> {
  const { requerente, saved } = await newAetDraft(request);
  await requerente.post('/api/genericItem/executeTaskAction', {
    itemId: saved.id,
    componentId: AET_COMPONENT,
    action: 'enviar',
    version: saved.version,
  });
  return saved;
}
