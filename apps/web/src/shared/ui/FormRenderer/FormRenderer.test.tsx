import {
  type FieldDefinition,
  FORM_MODES,
  type FormComponentInput,
  FormComponentSchema,
  type FormMode,
} from '@der/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../test/renderApp.tsx';
import { componentRuleEvaluator } from '../../rules/componentRuleEvaluator.ts';
import { isWithinDateBounds } from './dateBounds.ts';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormRendererServices, FormValues } from './formRendererTypes.ts';
import { PromptDialog } from './PromptDialog.tsx';
import { sanitizeHtml } from './sanitizeHtml.ts';
import { AET_COMPONENT, EVERY_KIND_LAYOUT } from './testing/formFixtures.ts';
import { validateFieldValue } from './validateFieldValue.ts';

const parseLayout = (layout: FormComponentInput[]) => z.array(FormComponentSchema).parse(layout);

function renderForm(
  layout: FormComponentInput[],
  options: {
    mode?: FormMode;
    values?: FormValues;
    services?: FormRendererServices;
    itemId?: number | null;
    withRules?: boolean;
    language?: 'pt-BR' | 'en';
  } = {},
) {
  const onSubmit = vi.fn();
  const result = renderApp({
    language: options.language,
    children: (
      <FormRenderer
        formId="test-form"
        layout={parseLayout(layout)}
        fields={AET_COMPONENT.fields}
        values={options.values}
        mode={options.mode}
        itemId={options.itemId ?? null}
        services={options.services}
        evaluateRules={options.withRules ? componentRuleEvaluator(AET_COMPONENT, true) : undefined}
        onSubmit={onSubmit}
      />
    ),
  });
  const submit = () =>
    act(async () => {
      fireEvent.submit(document.getElementById('test-form') as HTMLFormElement);
    });
  return { ...result, onSubmit, submit };
}

describe('FormRenderer', () => {
  it('renders every kind of spec §3 with its label and an accessible name', async () => {
    const user = userEvent.setup();
    renderForm(EVERY_KIND_LAYOUT, {
      itemId: 7,
      services: {
        loadRelated: async () => [{ id: 3, formattedId: 'AET-2026-000003', title: 'Viagem' }],
        loadHistory: async () => [
          { version: 1, action: 'insert', changedBy: 'Ana', changedAt: '2026-01-02T12:00:00.000Z' },
        ],
        loadTreeOptions: async () => [{ id: 1, label: 'DER', parentId: null }],
        evaluateExpression: (_, values) => Number(values.pbtc ?? 0) * 2,
      },
      values: { pbtc: 10 },
    });
    expect(await screen.findByRole('heading', { name: 'Dados da solicitação' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Requerente/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'CPF' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Valor da taxa' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Possui escolta' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tipo de veículo' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Tipo (opções)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Data da viagem' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Órgão' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Observações' })).toBeTruthy();
    const address = screen.getByRole('group', { name: 'Endereço' });
    for (const name of ['CEP', 'Logradouro', 'Bairro', 'Cidade', 'UF']) {
      expect(within(address).getByRole('textbox', { name })).toBeTruthy();
    }
    for (const name of ['Planta', 'Foto', 'Fotos']) {
      expect(screen.getByRole('group', { name })).toBeTruthy();
    }

    await user.click(screen.getByRole('tab', { name: 'Relacionados' }));
    for (const name of [
      'Itens vinculados',
      'Histórico do item',
      'Itens relacionados',
      'Itens filhos',
      'Linha do tempo',
      'Notificações',
      'Atividades predecessoras',
      'Calendário do projeto',
      'Configuração',
      'Tipos de item',
      'Recursos do projeto',
      'Grade de dados',
      'Lista de componentes',
    ]) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(await screen.findAllByText('AET-2026-000003 — Viagem')).not.toHaveLength(0);
    expect(screen.getByRole('status', { name: 'Indicador de peso' }).textContent).toContain('20');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
    // The html component is sanitised: the formatting stays, the script never reaches the page.
    expect(screen.getByText('instruções').tagName).toBe('B');
    expect(document.querySelector('.form-html script')).toBeNull();
  });

  it('is axe-clean with every kind on the form', async () => {
    renderForm(EVERY_KIND_LAYOUT, {
      itemId: 7,
      services: { loadRelated: async () => [], loadHistory: async () => [] },
    });
    await screen.findByRole('heading', { name: 'Dados da solicitação' });
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it('shows the reserved kinds with a translated "available when" notice', async () => {
    const user = userEvent.setup();
    renderForm(EVERY_KIND_LAYOUT);
    await user.click(await screen.findByRole('tab', { name: 'Reservados' }));
    for (const name of ['Arquivos do repositório']) {
      expect(screen.getByRole('note', { name }).textContent).toMatch(
        /^Disponível quando .+ for implementado\.$/,
      );
    }
    // Time entry, attachments and file indexes are real: on a new item they ask for a save first.
    for (const name of ['Apontamentos de horas', 'Recursos da atividade'])
      expect(screen.getByRole('region', { name }).textContent).toContain('Salve o item');
    expect(screen.getByRole('region', { name: 'Anexos' }).textContent).toContain(
      'Salve o item antes de anexar arquivos.',
    );
    expect(screen.getByRole('region', { name: 'Índices de arquivos' }).textContent).toContain(
      'Os anexos ficam disponíveis no formulário de um item salvo.',
    );
  });

  it('types CPF, CNPJ, CEP and phone through their masks', async () => {
    const user = userEvent.setup();
    renderForm([
      { type: 'maskedText', field: 'cpf' },
      { type: 'maskedText', field: 'cnpj' },
      { type: 'maskedText', field: 'cep' },
      { type: 'maskedText', field: 'telefone' },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'CPF' }), '12345678901');
    await user.type(screen.getByRole('textbox', { name: 'CNPJ' }), '12345678000199');
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01310100');
    await user.type(screen.getByRole('textbox', { name: 'Telefone' }), '11987654321');
    expect((screen.getByRole('textbox', { name: 'CPF' }) as HTMLInputElement).value).toBe('123.456.789-01');
    expect((screen.getByRole('textbox', { name: 'CNPJ' }) as HTMLInputElement).value).toBe(
      '12.345.678/0001-99',
    );
    expect((screen.getByRole('textbox', { name: 'CEP' }) as HTMLInputElement).value).toBe('01310-100');
    expect((screen.getByRole('textbox', { name: 'Telefone' }) as HTMLInputElement).value).toBe(
      '(11) 98765-4321',
    );
  });

  it('reports an incomplete mask once the field is left', async () => {
    const user = userEvent.setup();
    renderForm([{ type: 'maskedText', field: 'cpf' }]);
    await user.type(await screen.findByRole('textbox', { name: 'CPF' }), '1234');
    await user.tab();
    expect(await screen.findByText('Preencha o campo CPF por completo.')).toBeTruthy();
  });

  it('takes currency in pt-BR format and stores a number', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm([
      { type: 'numericPicker', field: 'valorTaxa' },
      { type: 'numericPicker', field: 'eixos' },
    ]);
    const money = await screen.findByRole('textbox', { name: 'Valor da taxa' });
    await user.type(money, '1234,567abc');
    expect((money as HTMLInputElement).value).toBe('1234,56');
    await user.type(screen.getByRole('textbox', { name: 'Número de eixos' }), '9,5');
    expect((screen.getByRole('textbox', { name: 'Número de eixos' }) as HTMLInputElement).value).toBe('95');
    await user.tab();
    expect((money as HTMLInputElement).value).toBe('1.234,56');
    expect(screen.getByText('R$')).toBeTruthy();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ valorTaxa: 1234.56, eixos: 95 }),
      expect.anything(),
      { saveAndClear: false },
    );
  });

  it('refuses a number beyond the field maximum with the bounds', async () => {
    const user = userEvent.setup();
    renderForm([{ type: 'numericPicker', field: 'pbtc' }]);
    await user.type(await screen.findByRole('textbox', { name: 'PBTC (t)' }), '250');
    await user.tab();
    expect(await screen.findByText(/O campo PBTC \(t\) deve estar entre .* e 200\./)).toBeTruthy();
  });

  it('keeps dates between 1753 and 9999', () => {
    expect(isWithinDateBounds(dayjs('1752-12-31'))).toBe(false);
    expect(isWithinDateBounds(dayjs('1753-01-01'))).toBe(true);
    expect(isWithinDateBounds(dayjs('9999-12-31'))).toBe(true);
    const date = AET_COMPONENT.fields.find((field) => field.key === 'dataViagem') as FieldDefinition;
    expect(validateFieldValue(date, '1700-05-01T00:00:00.000Z', { required: false })).toEqual({
      key: 'dateRange',
    });
    expect(validateFieldValue(date, 'invalid', { required: false })).toEqual({ key: 'invalidDate' });
    expect(validateFieldValue(date, '2026-05-01T03:00:00.000Z', { required: false })).toBeNull();
  });

  it('shows a stored date in its format type', async () => {
    renderForm([{ type: 'dateChooser', field: 'dataViagem' }], {
      values: { dataViagem: '2026-05-01T03:00:00.000Z' },
    });
    const group = await screen.findByRole('group', { name: 'Data da viagem' });
    // Type 1 is DD/MM/YYYY, in America/Sao_Paulo.
    expect(group.textContent).toContain('01/05/2026');
  });

  it("reads an empty date as 'DD/MM/AAAA' in Portuguese and 'DD/MM/YYYY' in English", async () => {
    const first = renderForm([{ type: 'dateChooser', field: 'dataViagem' }]);
    const group = await screen.findByRole('group', { name: 'Data da viagem' });
    await userEvent.setup().click(within(group).getAllByRole('spinbutton')[0]!);
    await waitFor(() => expect(group.textContent).toContain('DD/MM/AAAA'));
    first.unmount();
    renderForm([{ type: 'dateChooser', field: 'dataViagem' }], { language: 'en' });
    const english = await screen.findByRole('group', { name: 'Trip date' });
    await userEvent.setup().click(within(english).getAllByRole('spinbutton')[0]!);
    await waitFor(() => expect(english.textContent).toContain('DD/MM/YYYY'));
  });

  it('formats Brazilian landlines and mobiles by their digit count: (62) 3251-4400, (62) 93251-4400', async () => {
    const user = userEvent.setup();
    // The server stores a phone's digits; the form shows them through the mask.
    const first = renderForm([{ type: 'maskedText', field: 'telefone' }], {
      values: { telefone: '6232514400' },
    });
    const stored = (await screen.findByRole('textbox', { name: 'Telefone' })) as HTMLInputElement;
    expect(stored.value).toBe('(62) 3251-4400');
    await user.clear(stored);
    await user.type(stored, '6232514400');
    expect(stored.value).toBe('(62) 3251-4400');
    await user.clear(stored);
    await user.type(stored, '62932514400');
    expect(stored.value).toBe('(62) 93251-4400');
    first.unmount();
    renderForm([{ type: 'maskedText', field: 'telefone' }], { values: { telefone: '62932514400' } });
    expect(((await screen.findByRole('textbox', { name: 'Telefone' })) as HTMLInputElement).value).toBe(
      '(62) 93251-4400',
    );
  });

  it("draws the definition's buttons as secondary: the page's save is the form's one primary action", async () => {
    renderForm([
      { type: 'button', text: { 'pt-BR': 'Salvar rascunho', en: 'Save draft' }, action: { kind: 'save' } },
      {
        type: 'button',
        text: { 'pt-BR': 'Enviar', en: 'Submit' },
        action: { kind: 'workflowAction', actionKey: 'enviar' },
      },
    ]);
    const draft = await screen.findByRole('button', { name: 'Salvar rascunho' });
    const send = screen.getByRole('button', { name: 'Enviar' });
    for (const button of [draft, send]) {
      expect(button.classList.contains('MuiButton-outlined')).toBe(true);
      expect(button.classList.contains('MuiButton-contained')).toBe(false);
    }
  });

  it('shows a field only when another has a value (visibility rule)', async () => {
    const user = userEvent.setup();
    renderForm(
      [
        { type: 'dropdown', field: 'tipoVeiculo' },
        { type: 'textbox', field: 'placaCavalo' },
      ],
      { withRules: true },
    );
    const type = await screen.findByRole('combobox', { name: 'Tipo de veículo' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Placa do cavalo' })).toBeNull());
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Guindaste' }));
    expect(await screen.findByRole('textbox', { name: 'Placa do cavalo' })).toBeTruthy();
  });

  it('shows the required error only once the field was touched, and upper-cases names as typed', async () => {
    const user = userEvent.setup();
    renderForm([
      { type: 'textbox', field: 'requerente' },
      { type: 'textbox', field: 'placaCavalo' },
    ]);
    const name = await screen.findByRole('textbox', { name: /Requerente/ });
    expect(screen.queryByText('Preencha o campo Requerente.')).toBeNull();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Preencha o campo Requerente.')).toBeTruthy();
    await user.type(name, 'joão da silva');
    expect((name as HTMLInputElement).value).toBe('JOÃO DA SILVA');
    await waitFor(() => expect(screen.queryByText('Preencha o campo Requerente.')).toBeNull());
  });

  it('in bulk mode requires nothing and submits only the changed fields', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderForm(
      [
        { type: 'textbox', field: 'requerente' },
        { type: 'textbox', field: 'placaCavalo' },
      ],
      { mode: FORM_MODES.bulk },
    );
    expect(await screen.findByText(/Somente os campos que você alterar/)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Placa do cavalo' }), 'abc1d23');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      { placaCavalo: 'abc1d23' },
      { placaCavalo: 'abc1d23' },
      { saveAndClear: false },
    );
    expect(screen.queryByText('Preencha o campo Requerente.')).toBeNull();
  });

  it('in field-list mode shows the values read-only', async () => {
    renderForm([{ type: 'textbox', field: 'requerente' }], {
      mode: FORM_MODES.fieldList,
      values: { requerente: 'ANA' },
    });
    const input = (await screen.findByRole('textbox', { name: /Requerente/ })) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('ANA');
  });

  it('fills the address from the CEP, and keeps manual entry open with the server message when it fails', async () => {
    const user = userEvent.setup();
    const lookupAddress = vi
      .fn()
      .mockResolvedValueOnce({
        found: true,
        street: 'Avenida Paulista',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      })
      .mockResolvedValueOnce({
        found: false,
        message: 'O CEP 99999-999 não foi encontrado; confira o número ou preencha o endereço manualmente.',
      })
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForm(
      [
        {
          type: 'address',
          fields: { cep: 'cep', street: 'logradouro', district: 'bairro', city: 'cidade', state: 'uf' },
        },
      ],
      { services: { lookupAddress } },
    );
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    await user.type(cep, '01310100');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Logradouro' }) as HTMLInputElement).value).toBe(
        'Avenida Paulista',
      ),
    );
    expect(lookupAddress).toHaveBeenCalledWith('01310100');
    expect((screen.getByRole('textbox', { name: 'UF' }) as HTMLInputElement).value).toBe('SP');
    await user.clear(cep);
    await user.type(cep, '99999999');
    // The server's message alone: it already says to fill the address in by hand (said once, not twice).
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'O CEP 99999-999 não foi encontrado; confira o número ou preencha o endereço manualmente.',
      ),
    );
    await user.clear(cep);
    await user.type(cep, '88888888');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Não foi possível consultar o CEP. Preencha o endereço manualmente.',
      ),
    );
    const street = screen.getByRole('textbox', { name: 'Logradouro' });
    await user.clear(street);
    await user.type(street, 'Rua Manual');
    expect((street as HTMLInputElement).value).toBe('Rua Manual');
  });

  it('shows the item history with the attribute diff of a version', async () => {
    const user = userEvent.setup();
    const loadAttributeChanges = vi.fn(async () => [
      { field: 'valorTaxa', label: 'Valor da taxa', oldValue: 'R$ 10,00', newValue: 'R$ 12,50' },
    ]);
    renderForm([{ type: 'itemHistory' }], {
      itemId: 5,
      services: {
        loadHistory: async () => [
          { version: 2, action: 'update', changedBy: 'Bruno', changedAt: '2026-02-01T12:00:00.000Z' },
          { version: 1, action: 'insert', changedBy: 'Ana', changedAt: '2026-01-01T12:00:00.000Z' },
        ],
        loadAttributeChanges,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ver alterações' }));
    const diff = await screen.findByRole('table', { name: 'Alterações da versão 2' });
    expect(within(diff).getByText('R$ 10,00')).toBeTruthy();
    expect(within(diff).getByText('R$ 12,50')).toBeTruthy();
    expect(loadAttributeChanges).toHaveBeenCalledWith(2, 1);
  });

  it('renders in English', async () => {
    renderForm([{ type: 'numericPicker', field: 'eixos' }], { language: 'en' });
    expect(await screen.findByRole('textbox', { name: 'Axles' })).toBeTruthy();
  });
});

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and unsafe links', () => {
    expect(
      sanitizeHtml(
        '<p onclick="x()">a <b>b</b><script>alert(1)</script><img src=x onerror="y()"><a href="javascript:z()">c</a></p>',
      ),
    ).toBe('<p>a <b>b</b><a rel="noopener noreferrer" target="_blank">c</a></p>');
  });
});

describe('PromptDialog', () => {
  it('keeps OK disabled while a required field is empty', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const fields = AET_COMPONENT.fields.filter((field) => field.key === 'requerente');
    renderApp({
      children: (
        <PromptDialog
          open
          title={{ 'pt-BR': 'Motivo', en: 'Reason' }}
          fields={fields}
          onConfirm={onConfirm}
          onCancel={vi.fn()}
        />
      ),
    });
    const ok = await screen.findByRole('button', { name: 'OK' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Requerente/ }), 'ana');
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
    await user.click(ok);
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ requerente: 'ANA' })),
    );
  });
});
