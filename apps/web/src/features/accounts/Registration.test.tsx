import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from '../auth/testing/fakeApi.ts';

const location = () => screen.getByTestId('location').textContent;
const TIPOS = [
  { id: 1, nome: 'Transportador' },
  { id: 2, nome: 'Embarcador' },
];

describe('permissionário registration', () => {
  it('starts as a company (Pessoa Jurídica) with the company-only fields', async () => {
    renderApp({ path: '/registerPermissionario' });
    expect(await screen.findByText('Informe os dados para criar a nova conta')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pessoa Jurídica' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Não' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText(/^CNPJ/)).toBeTruthy();
    expect(screen.getByLabelText(/^Nome fantasia/)).toBeTruthy();
    expect(screen.getByLabelText(/^Atividade/)).toBeTruthy();
    expect(screen.getByLabelText(/^Inscrição estadual/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Profissão/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Já possuo uma conta' }).getAttribute('href')).toBe(
      '/faixaDeDominio',
    );
  });

  it('switches to the person-only fields for Pessoa Física', async () => {
    renderApp({ path: '/registerPermissionario' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Pessoa Física' }));
    for (const label of [
      /^CPF/,
      /^Profissão/,
      /^RG/,
      /^Órgão expedidor/,
      /^Estado civil/,
      /^Nacionalidade/,
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByLabelText(/^Nome fantasia/)).toBeNull();
    expect(screen.queryByLabelText(/^CNPJ/)).toBeNull();
  });

  it('masks CPF and an alphanumeric CNPJ, upper-cases names and keeps RG numeric', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/registerPermissionario' });
    const cnpj = await screen.findByLabelText(/^CNPJ/);
    await user.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveProperty('value', '12.ABC.345/01DE-35');

    await user.type(screen.getByLabelText(/^Nome da empresa/), 'energia sul');
    expect(screen.getByLabelText(/^Nome da empresa/)).toHaveProperty('value', 'ENERGIA SUL');

    await user.click(screen.getByRole('radio', { name: 'Pessoa Física' }));
    const cpf = screen.getByLabelText(/^CPF/);
    expect(cpf).toHaveProperty('value', '');
    await user.type(cpf, '52998224725');
    expect(cpf).toHaveProperty('value', '529.982.247-25');
    await user.type(screen.getByLabelText(/^Profissão/), 'engenheiro');
    expect(screen.getByLabelText(/^Profissão/)).toHaveProperty('value', 'ENGENHEIRO');
    await user.type(screen.getByLabelText(/^RG/), '12a34');
    expect(screen.getByLabelText(/^RG/)).toHaveProperty('value', '1234');
  });

  it('shows the validation messages in Portuguese, once a field is touched', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp({ path: '/registerPermissionario' });
    const email = await screen.findByLabelText(/^E-mail/);
    expect(screen.queryByText('Obrigatório')).toBeNull();
    await user.type(email, 'a@b.c');
    await user.tab();
    expect(await screen.findByText('Email inválido')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect((await screen.findAllByText('Obrigatório')).length).toBeGreaterThanOrEqual(6);
    await user.type(screen.getByLabelText(/^Senha/), 'abc');
    await user.type(screen.getByLabelText(/^Confirme a senha/), 'abd');
    await user.tab();
    expect(await screen.findByText('Senha não são iguais')).toBeTruthy();
    await user.type(screen.getByLabelText(/^CNPJ/), '11222333000182');
    await user.tab();
    expect(await screen.findByText('CNPJ inválido')).toBeTruthy();
    expect(api.find('POST', '/permissionario/registerNewPermissionario')).toHaveLength(0);
  });

  it('shows the validation messages in English', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/registerPermissionario', language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(6);
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    await user.tab();
    expect(await screen.findByText('Invalid email')).toBeTruthy();
  });

  async function fillCompany(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText(/^Nome da empresa/), 'Energia Sul Ltda');
    await user.type(screen.getByLabelText(/^E-mail/), 'Contato@EnergiaSul.com.br');
    await user.type(screen.getByLabelText(/^Senha/), 'uma senha longa');
    await user.type(screen.getByLabelText(/^Confirme a senha/), 'uma senha longa');
    await user.type(screen.getByLabelText(/^CNPJ/), '12ABC34501DE35');
    await user.type(screen.getByLabelText(/^Nome fantasia/), 'Energia Sul');
    await user.type(screen.getByLabelText(/^Atividade/), 'Distribuição');
  }

  it('maps the field errors of a 400 answer onto the fields', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /permissionario/registerNewPermissionario': () =>
        apiError(400, 'Dados inválidos: email', [{ field: 'body.email', message: 'E-mail já cadastrado' }]),
    });
    renderApp({ path: '/registerPermissionario' });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect(await screen.findByText('E-mail já cadastrado')).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Dados inválidos');
  });

  it('sends the normalised body and shows the success dialog whose OK goes to /faixaDeDominio', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /permissionario/registerNewPermissionario': () => json({ success: true, message: 'ok' }),
    });
    renderApp({ path: '/registerPermissionario' });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro realizado com sucesso!' });
    expect(within(dialog).getByText(/e-mail cadastrado/)).toBeTruthy();
    expect(api.find('POST', '/permissionario/registerNewPermissionario')[0]?.body).toMatchObject({
      nome: 'ENERGIA SUL LTDA',
      email: 'contato@energiasul.com.br',
      cpfCnpj: '12ABC34501DE35',
      tipo: 'juridica',
      atualizacao: false,
      nomeFantasia: 'ENERGIA SUL',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/faixaDeDominio'));
  });
});

describe('requerente registration', () => {
  it('loads the requester types and registers an applicant; OK goes to /aet', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /requerente/getTipos': () => json(TIPOS),
      'POST /requerente/registerNewRequerente': () => json({ success: true, message: 'ok' }),
    });
    renderApp({ path: '/registerRequerente' });
    await user.type(await screen.findByLabelText(/^Nome completo/), 'maria souza');
    await user.type(screen.getByLabelText(/^E-mail/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Senha/), 'senha-forte');
    await user.type(screen.getByLabelText(/^Confirme a senha/), 'senha-forte');
    await user.click(screen.getByRole('combobox', { name: /Tipo de requerente/ }));
    await user.click(await screen.findByRole('option', { name: 'Embarcador' }));
    await user.click(screen.getByRole('radio', { name: 'Pessoa Física' }));
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    expect(screen.getByRole('link', { name: 'Já possuo uma conta' }).getAttribute('href')).toBe('/aet');
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cadastro realizado com sucesso!' });
    expect(api.find('POST', '/requerente/registerNewRequerente')[0]?.body).toMatchObject({
      nome: 'MARIA SOUZA',
      tipoRequerente: 2,
      tipo: 'fisica',
      cpfCnpj: '52998224725',
      rg: '',
      orgaoExpedidor: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/aet'));
  });

  it('requires the requester type', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /requerente/getTipos': () => json(TIPOS) });
    renderApp({ path: '/registerRequerente' });
    await user.click(await screen.findByRole('button', { name: 'Criar Conta' }));
    const select = screen.getByRole('combobox', { name: /Tipo de requerente/ });
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows the error and returns to the AET login when the types cannot be loaded', async () => {
    fakeApi({ 'GET /requerente/getTipos': () => apiError(500, 'Falha ao carregar os tipos') });
    renderApp({ path: '/registerRequerente' });
    await waitFor(() => expect(location()).toBe('/aet?next=/registerRequerente'));
    expect(await screen.findByText('Falha ao carregar os tipos')).toBeTruthy();
  });
});
