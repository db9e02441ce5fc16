import type { AdditionalField } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { buildUserEdit, buildUserRow, setupAdminApi } from '../testing/adminTestApi.ts';

const definition = (overrides: Partial<AdditionalField> & Pick<AdditionalField, 'id' | 'name' | 'type'>) => ({
  entity: 'user' as const,
  labelPtBr: overrides.name,
  labelEn: overrides.name,
  required: false,
  options: [],
  position: overrides.id,
  active: true,
  ...overrides,
});

const DEFINITIONS: AdditionalField[] = [
  definition({ id: 1, name: 'matricula', type: 'STRING', labelPtBr: 'Matrícula', required: true }),
  definition({ id: 2, name: 'ramal', type: 'DECIMAL', labelPtBr: 'Ramal' }),
  definition({
    id: 3,
    name: 'setor',
    type: 'PICKLIST',
    labelPtBr: 'Setor',
    options: [
      { value: 'obras', text: 'Obras' },
      { value: 'fiscalizacao', text: 'Fiscalização' },
    ],
  }),
  definition({ id: 4, name: 'antigo', type: 'STRING', labelPtBr: 'Campo antigo', active: false }),
];

function setup(
  saveUser = () => json({ success: true, message: 'The User was successfully saved!', id: 1, version: 4 }),
) {
  return setupAdminApi({
    'POST /user/getUsers': () => json([buildUserRow({ id: 1, name: 'Ana' })]),
    'GET /admin/additionalFields/list': () => json(DEFINITIONS),
    'GET /user/getUsertoEdit': () =>
      json(
        buildUserEdit({
          id: 1,
          name: 'Ana',
          login: 'ana',
          email: 'ana@x.com',
          version: 3,
          additionalFields: { matricula: '12', ramal: 1.5, antigo: 'guardado' },
        }),
      ),
    'POST /user/saveUser': saveUser,
  });
}

async function openAna() {
  renderApp({ path: '/administration/users' });
  const user = userEvent.setup();
  await user.click(await screen.findByText('Ana'));
  const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
  await within(dialog).findByDisplayValue('Ana');
  return { user, dialog };
}

describe("user form: additional fields of entity 'user'", () => {
  it('shows the active fields with the stored values and sends the edited ones', async () => {
    const api = setup();
    const { user, dialog } = await openAna();
    expect(api.find('GET', '/admin/additionalFields/list')[0]!.query.get('entity')).toBe('user');
    expect(within(dialog).getByText('Informações adicionais')).toBeTruthy();
    const matricula = within(dialog).getByRole('textbox', { name: /Matrícula/ });
    expect((matricula as HTMLInputElement).value).toBe('12');
    // A decimal is shown with a comma, so that it is read back as the same number.
    expect((within(dialog).getByRole('textbox', { name: /Ramal/ }) as HTMLInputElement).value).toBe('1,5');
    expect(within(dialog).queryByLabelText(/Campo antigo/)).toBeNull();

    await user.clear(matricula);
    await user.type(matricula, '4711');
    await user.click(within(dialog).getByRole('combobox', { name: /Setor/ }));
    await user.click(await screen.findByRole('option', { name: 'Fiscalização' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('The User was successfully saved!')).toBeTruthy();
    const body = api.find('POST', '/user/saveUser')[0]!.body as Record<string, unknown>;
    // Inactive fields are not sent: the server keeps their stored values.
    expect(body.additionalFields).toEqual({ matricula: '4711', ramal: 1.5, setor: 'fiscalizacao' });
    expect(body).toMatchObject({ id: 1, version: 3 });
  });

  it('checks a required field in the browser before saving', async () => {
    const api = setup();
    const { user, dialog } = await openAna();
    await user.clear(within(dialog).getByRole('textbox', { name: /Matrícula/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(api.find('POST', '/user/saveUser')).toHaveLength(0);
  });

  it("shows the server's error on the field it names", async () => {
    const api = setup(() =>
      apiError(400, 'Dados inválidos', [{ field: 'body.additionalFields.setor', message: 'Valor inválido' }]),
    );
    const { user, dialog } = await openAna();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/user/saveUser')).toHaveLength(1));
    const setor = within(dialog).getByRole('combobox', { name: /Setor/ });
    const helper = await within(dialog).findByText('Valor inválido');
    expect(setor.closest('.MuiFormControl-root')?.contains(helper)).toBe(true);
  });
});
