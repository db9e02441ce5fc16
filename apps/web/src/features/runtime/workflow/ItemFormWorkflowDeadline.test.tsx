import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import {
  AET_FORM_LAYOUT,
  aetFormItem,
  aetFormView,
  setupFormPageApi,
} from '../forms/testing/formPageTestApi.ts';
import { buildActions } from './testing/workflowFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

const WORKFLOW_LAYOUT = [{ type: 'workflows' }, ...AET_FORM_LAYOUT];

function setup(due: { dueAt: string | null; dueSoonAt: string | null }) {
  return setupFormPageApi({
    item: aetFormItem({ requerente: 'ANA' }, due),
    routes: {
      'GET /genericItem/getForm': () => json(aetFormView({ layout: WORKFLOW_LAYOUT as never })),
      'POST /genericItem/getActions': () => json(buildActions()),
    },
  });
}

describe('the deadline in the item form’s workflow panel', () => {
  it('shows the item’s deadline with its state next to the status', async () => {
    setup({ dueAt: '2020-01-02T18:00:00.000Z', dueSoonAt: '2020-01-02T12:00:00.000Z' });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await screen.findByRole('region', { name: 'Fluxo de trabalho' }, { timeout: 15_000 });
    expect(await within(region).findByText('Em análise')).toBeTruthy();
    expect(within(region).getByText('Prazo')).toBeTruthy();
    expect(within(region).getByText('Atrasado · 02/01/2020 15:00')).toBeTruthy();
  });

  it('shows no deadline row for an item without one', async () => {
    setup({ dueAt: null, dueSoonAt: null });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await screen.findByRole('region', { name: 'Fluxo de trabalho' }, { timeout: 15_000 });
    expect(await within(region).findByText('Em análise')).toBeTruthy();
    expect(within(region).queryByText('Prazo')).toBeNull();
  });
});
