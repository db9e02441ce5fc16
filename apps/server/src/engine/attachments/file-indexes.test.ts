import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttachmentsFixture,
  attachmentsFixture,
  PDF,
  PNG,
  WIDGET,
} from '../../../test/fixtures/attachments-fixture.ts';
import { checkFileIndexValues } from './file-index-values.ts';

let f: AttachmentsFixture;
beforeAll(async () => {
  f = await attachmentsFixture(1180);
});
afterAll(() => f.app.close());

async function attached(title: string, ...files: [string, Buffer][]): Promise<number[]> {
  const itemId = await f.newItem(title);
  const ids = [];
  for (const [name, content] of files) ids.push(await f.upload('owner', name, content));
  const response = await f.attach('owner', itemId, ids);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().attachments.map((row: { attachmentId: number }) => row.attachmentId);
}

const save = (
  who: 'owner' | 'reader' | 'stranger',
  attachmentId: number,
  values: Record<string, unknown>,
  language = 'pt-BR',
) => f.call(who, 'POST', 'saveFileIndexes', { attachmentId, values }, language);

describe('loadFileIndexConfigs', () => {
  it("answers the component's file indexes to whoever sees the item, 404 otherwise", async () => {
    const itemId = await f.newItem();
    const response = await f.call('reader', 'GET', 'loadFileIndexConfigs', { itemId, widgetKey: WIDGET });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().fileIndexes.map((index: { key: string; type: string }) => [index.key, index.type]),
    ).toEqual([
      ['tipoDocumento', 'picklist'],
      ['folha', 'integer'],
      ['km', 'decimal'],
      ['data', 'date'],
      ['obs', 'text'],
    ]);
    expect(
      (await f.call('stranger', 'GET', 'loadFileIndexConfigs', { itemId, widgetKey: WIDGET })).statusCode,
    ).toBe(404);
  });
});

describe('saveFileIndexes and loadFileIndexes', () => {
  it('stores typed values and answers them', async () => {
    const [attachmentId] = await attached('Com índices', ['planta.pdf', PDF]);
    const response = await save('owner', attachmentId!, {
      tipoDocumento: 'projeto',
      folha: '12',
      km: '3,5',
      data: '2026-02-28',
      obs: '  revisão B ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const values = { tipoDocumento: 'projeto', folha: 12, km: 3.5, data: '2026-02-28', obs: 'revisão B' };
    expect(response.json().fileIndexes).toEqual(values);
    const loaded = await f.call('reader', 'GET', 'loadFileIndexes', { attachmentId });
    expect(loaded.json()).toEqual({ attachmentId, values });
  });

  it('refuses wrong values naming each index, in the language of the request', async () => {
    const [attachmentId] = await attached('Inválidos', ['a.pdf', PDF]);
    const response = await save('owner', attachmentId!, {
      tipoDocumento: 'inexistente',
      folha: '1.5',
      km: 'abc',
      data: '2026-02-30',
      desconhecido: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'values.desconhecido', message: 'Campo desconhecido' }),
        expect.objectContaining({ field: 'values.tipoDocumento', message: 'Valor inválido' }),
        expect.objectContaining({ field: 'values.folha', message: 'Informe um número inteiro' }),
        expect.objectContaining({ field: 'values.km', message: 'Valor inválido' }),
        expect.objectContaining({ field: 'values.data', message: 'Data incorreta' }),
      ]),
    );
    const missing = await save('owner', attachmentId!, { folha: 2 }, 'en');
    expect(missing.json().details).toEqual([
      expect.objectContaining({ field: 'values.tipoDocumento', message: 'Required' }),
    ]);
    expect((await save('reader', attachmentId!, { tipoDocumento: 'projeto' })).statusCode).toBe(403);
  });
});

describe('getAllFileIndexes', () => {
  it('searches the application’s attachments by exact values and by text, paged, only items the caller sees', async () => {
    const [planta, foto] = await attached('Busca A', ['planta-busca.pdf', PDF], ['foto-busca.png', PNG]);
    const [licenca] = await attached('Busca B', ['licenca-busca.pdf', PDF]);
    await save('owner', planta!, { tipoDocumento: 'projeto', folha: 7, obs: 'eixo norte' });
    await save('owner', foto!, { tipoDocumento: 'projeto', folha: 8 });
    await save('owner', licenca!, { tipoDocumento: 'licenca' });
    const search = (who: 'owner' | 'stranger', query: Record<string, unknown>) =>
      f.call(who, 'GET', 'getAllFileIndexes', { applicationId: f.applicationId, ...query });

    const projects = await search('owner', {
      values: JSON.stringify({ tipoDocumento: 'projeto' }),
      search: '-busca',
    });
    expect(projects.statusCode, projects.body).toBe(200);
    const found = projects
      .json()
      .rows.map((row: { attachment: { attachmentId: number } }) => row.attachment.attachmentId);
    expect(found.sort()).toEqual([planta, foto].sort());
    expect(projects.json().rows[0].item).toMatchObject({ title: 'Busca A', formattedId: expect.any(String) });

    const sheet = await search('owner', { values: JSON.stringify({ folha: 7 }) });
    expect(sheet.json().rows.map((row: { attachment: { name: string } }) => row.attachment.name)).toEqual([
      'planta-busca.pdf',
    ]);
    // Text: the file name or any value, contains, any case.
    expect((await search('owner', { search: 'LICENCA-BUSCA' })).json().total).toBe(1);
    expect((await search('owner', { search: 'eixo NORTE' })).json().rows[0].attachment.attachmentId).toBe(
      planta,
    );

    const paged = await search('owner', { search: '-busca', pageSize: 2, page: 2 });
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().rows).toHaveLength(1);

    // The stranger sees none of these items: nothing is found, nothing counted.
    expect((await search('stranger', { search: '-busca' })).json()).toMatchObject({ total: 0, rows: [] });
    expect((await search('owner', { values: 'não é json' })).statusCode).toBe(400);
  });
});

describe('checkFileIndexValues', () => {
  it('treats empty text as no value and keeps unknown keys out', () => {
    const checked = checkFileIndexValues(
      [{ key: 'obs', label: { 'pt-BR': 'Obs', en: 'Note' }, type: 'text', required: false }],
      { obs: '   ' },
    );
    expect(checked).toEqual({ values: { obs: null }, issues: [] });
  });
});
