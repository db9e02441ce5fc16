import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const AET = {
  key: 'aet',
  name: 'AET',
  applicationId: 1,
  version: 2,
  importedAt: '2026-06-15T13:00:00.000Z',
  components: 2,
};

function definitionFile(content: string, name = 'aet.json') {
  return new File([content], name, { type: 'application/json' });
}

describe('application definitions page (/administration/definitions)', () => {
  it('lists the installed definitions and uploads a file, reloading the list', async () => {
    let installed = [AET];
    const api = setupAdminApi({
      'GET /admin/definitions/list': () => json(installed),
      'POST /admin/definitions/import': () => {
        installed = [AET, { ...AET, key: 'faixa-de-dominio', name: 'Faixa de Domínio', applicationId: 2 }];
        return json({
          key: 'faixa-de-dominio',
          version: 1,
          applicationId: 2,
          created: true,
          componentsAdded: [2],
          componentsUpdated: [],
          componentsRemoved: [],
          groupsCreated: [],
        });
      },
    });
    renderApp({ path: '/administration/definitions' });
    const table = await screen.findByRole('table', { name: 'Definições de aplicações' }, { timeout: 15_000 });
    expect(await within(table).findByText('aet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Definições de aplicações' })).toBeTruthy();

    const user = userEvent.setup();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, definitionFile('{"key":"faixa-de-dominio"}', 'faixa.json'));
    expect(await screen.findByText('Definição "faixa-de-dominio" instalada na versão 1.')).toBeTruthy();
    expect(api.find('POST', '/admin/definitions/import')[0]!.body).toEqual({
      fileName: 'faixa.json',
      content: '{"key":"faixa-de-dominio"}',
    });
    expect(await within(table).findByText('Faixa de Domínio')).toBeTruthy();
  });

  it('shows every problem of a refused file with its path', async () => {
    setupAdminApi({
      'GET /admin/definitions/list': () => json([AET]),
      'POST /admin/definitions/import': () =>
        json(
          {
            Message:
              'O arquivo de definição de aplicação é inválido. Corrija os problemas listados e envie novamente.',
            code: 'DEFINITION_INVALID',
            requestId: 'r1',
            details: [
              { path: 'components[0].fields[3].type', message: 'Invalid option' },
              { path: 'version', message: 'Too small' },
            ],
          },
          400,
        ),
    });
    renderApp({ path: '/administration/definitions' });
    await screen.findByRole('table', { name: 'Definições de aplicações' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, definitionFile('{}'));
    const refusal = await screen.findByTestId('definition-refusal');
    expect(within(refusal).getByText('O arquivo aet.json não foi importado')).toBeTruthy();
    const problems = within(refusal).getByRole('list', { name: 'Problemas encontrados no arquivo' });
    expect(within(problems).getByText('components[0].fields[3].type')).toBeTruthy();
    expect(within(problems).getByText('Invalid option')).toBeTruthy();
    expect(within(problems).getByText('version')).toBeTruthy();
  });
});
