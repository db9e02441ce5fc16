import type { Plan } from '@der/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

function buildPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    name: 'Plano DER',
    maxUsers: 100,
    maxApplications: 10,
    maxStorageMiB: 1024,
    usage: { activeUsers: 40, applications: 3, storageUsedBytes: 10 * 1024 * 1024, storageNote: 'PDFs' },
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const field = (name: RegExp) => screen.getByRole('spinbutton', { name });

describe('contracted plan editor (/administration/Plano Contratado)', () => {
  it('saves the name and limits, shows the notice and the saved plan', async () => {
    const api = setupAdminApi({
      'GET /admin/getPlan': () => json(buildPlan()),
      'POST /admin/savePlan': (request) =>
        json(buildPlan({ ...(request.body as Partial<Plan>), updatedAt: '2026-02-01T00:00:00Z' })),
    });
    renderApp({ path: '/administration/Plano Contratado' });
    const name = await screen.findByRole('textbox', { name: /Nome do plano/ }, { timeout: 15_000 });
    expect((name as HTMLInputElement).value).toBe('Plano DER');
    fireEvent.change(name, { target: { value: 'Plano Ampliado' } });
    fireEvent.change(field(/Máximo de usuários ativos/), { target: { value: '250' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salvar plano' }));

    expect(await screen.findByText('O plano foi salvo com sucesso!')).toBeTruthy();
    expect(api.find('POST', '/admin/savePlan')[0]!.body).toEqual({
      name: 'Plano Ampliado',
      maxUsers: 250,
      maxApplications: 10,
      maxStorageMiB: 1024,
    });
    await waitFor(() => expect(screen.getByTestId('plan-name').textContent).toBe('Plano Ampliado'));
  }, 30_000);

  it('checks the fields like the schema and against the usage before calling the server', async () => {
    const api = setupAdminApi({ 'GET /admin/getPlan': () => json(buildPlan()) });
    renderApp({ path: '/administration/Plano Contratado' });
    const name = await screen.findByRole('textbox', { name: /Nome do plano/ }, { timeout: 15_000 });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.change(field(/Máximo de aplicações/), { target: { value: '0' } });
    fireEvent.change(field(/Armazenamento máximo/), { target: { value: '' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar plano' }));
    // The name (empty once trimmed) and the emptied storage box.
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(screen.getByText('O valor do campo deve estar entre 1 e 100.000')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Plano' } });
    fireEvent.change(field(/Máximo de aplicações/), { target: { value: '5' } });
    fireEvent.change(field(/Armazenamento máximo/), { target: { value: '1024' } });
    fireEvent.change(field(/Máximo de usuários ativos/), { target: { value: '39' } });
    await user.click(screen.getByRole('button', { name: 'Salvar plano' }));
    expect(
      await screen.findByText('O máximo de usuários não pode ser menor que o número de usuários ativos (40)'),
    ).toBeTruthy();
    expect(api.find('POST', '/admin/savePlan')).toHaveLength(0);
  }, 30_000);

  it('shows a server field error on its field', async () => {
    setupAdminApi({
      'GET /admin/getPlan': () => json(buildPlan()),
      'POST /admin/savePlan': () =>
        apiError(400, 'Invalid data in the fields: body.maxApplications.', [
          {
            field: 'body.maxApplications',
            message:
              'The maximum of applications cannot be lower than the number of existing applications (7)',
          },
        ]),
    });
    renderApp({ path: '/administration/Plano Contratado', language: 'en' });
    await screen.findByRole('textbox', { name: /Plan name/ }, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save plan' }));
    const message = await screen.findByText(
      'The maximum of applications cannot be lower than the number of existing applications (7)',
    );
    expect(message.closest('.MuiFormControl-root')?.textContent).toContain('Maximum of applications');
  }, 30_000);
});
