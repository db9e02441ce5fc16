import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttachmentsFixture,
  attachmentsFixture,
  EXE,
  MAX_FILES,
  PDF,
  PDF_V2,
  PNG,
  WIDGET,
} from '../../../test/fixtures/attachments-fixture.ts';
import { runtimeItems } from '../items/items.table.ts';
import { attachmentFileReferences } from './attachment-file-references.ts';
import { addAttachmentVersion } from './attachments.repo.ts';

let f: AttachmentsFixture;
beforeAll(async () => {
  f = await attachmentsFixture(1170);
});
afterAll(() => f.app.close());

const list = (who: Parameters<AttachmentsFixture['call']>[0], itemId: number) =>
  f.call(who, 'GET', 'loadAttachments', { itemId, widgetKey: WIDGET });

async function markers(itemId: number) {
  const [row] = await f.app.database.db
    .select({ hasAttachment: runtimeItems.hasAttachment, hasDigitalContent: runtimeItems.hasDigitalContent })
    .from(runtimeItems)
    .where(eq(runtimeItems.id, itemId));
  return row;
}

/** An item of the owner's with the given files attached; answers the item and the attachment ids. */
async function itemWith(...files: [string, Buffer][]) {
  const itemId = await f.newItem();
  const fileIds = [];
  for (const [name, content] of files) fileIds.push(await f.upload('owner', name, content));
  const added = await f.attach('owner', itemId, fileIds);
  expect(added.statusCode, added.body).toBe(200);
  return { itemId, ids: added.json().attachments.map((row: { attachmentId: number }) => row.attachmentId) };
}

describe('loadAttachments and addAttachments', () => {
  it('attaches uploaded files, lists them with size and type by content, and sets HasAttachment', async () => {
    const itemId = await f.newItem();
    expect(await markers(itemId)).toEqual({ hasAttachment: false, hasDigitalContent: false });
    const pdf = await f.upload('owner', 'planta.pdf', PDF);
    const png = await f.upload('owner', 'foto.pdf', PNG);
    const response = await f.attach('owner', itemId, [pdf, png]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ maxFiles: MAX_FILES, canEdit: true });
    expect(response.json().attachments).toEqual([
      expect.objectContaining({
        itemId,
        widgetKey: WIDGET,
        fileId: pdf,
        name: 'planta.pdf',
        size: PDF.length,
        mediaType: 'application/pdf',
        version: 1,
        kind: 'upload',
        addedBy: expect.any(String),
        fileIndexes: {},
        stamped: false,
        signatureCount: 0,
      }),
      // A PNG sent as .pdf is a PNG (found by content) and named so.
      expect.objectContaining({ fileId: png, name: 'foto.pdf.png', mediaType: 'image/png' }),
    ]);
    expect(await markers(itemId)).toEqual({ hasAttachment: true, hasDigitalContent: false });
    // The reader sees the same list, without the right to change it.
    const reader = await list('reader', itemId);
    expect(reader.statusCode).toBe(200);
    expect(reader.json()).toMatchObject({ canEdit: false });
    expect(reader.json().attachments).toHaveLength(2);
  });

  it('answers 404 to a user who cannot see the item and for a key no form has', async () => {
    const { itemId } = await itemWith(['a.pdf', PDF]);
    expect((await list('stranger', itemId)).statusCode).toBe(404);
    expect((await f.call('owner', 'GET', 'loadAttachments', { itemId, widgetKey: 'outro' })).statusCode).toBe(
      404,
    );
    const fileId = await f.upload('stranger', 'x.pdf', PDF);
    expect((await f.attach('stranger', itemId, [fileId])).statusCode).toBe(404);
  });

  it('refuses a change by a user who may only read the item (ITEM_EDIT_FORBIDDEN, translated)', async () => {
    const itemId = await f.newItem();
    const fileId = await f.upload('reader', 'leitor.pdf', PDF);
    const response = await f.attach('reader', itemId, [fileId]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'ITEM_EDIT_FORBIDDEN',
      Message: 'O usuário não tem permissão para editar o item.',
    });
  });

  it("refuses above the component's cap, all or none: 'You cannot add more than {qtd} files.'", async () => {
    const { itemId } = await itemWith(['1.pdf', PDF], ['2.pdf', PDF]);
    const more = [await f.upload('owner', '3.pdf', PDF), await f.upload('owner', '4.pdf', PDF)];
    const refused = await f.attach('owner', itemId, more);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ATTACHMENT_LIMIT_REACHED',
      Message: `Você não pode adicionar mais de ${MAX_FILES} arquivos.`,
    });
    const english = await f.call(
      'owner',
      'POST',
      'addAttachments',
      { itemId, widgetKey: WIDGET, fileIds: more },
      'en',
    );
    expect(english.json().Message).toBe(`You cannot add more than ${MAX_FILES} files.`);
    expect((await list('owner', itemId)).json().attachments).toHaveLength(2);
    // One more fits exactly.
    expect((await f.attach('owner', itemId, [more[0]!])).statusCode).toBe(200);
  });

  it("refuses an invalid file: someone else's upload, a file already attached, an unknown id, an executable", async () => {
    const itemId = await f.newItem();
    const readers = await f.upload('reader', 'do leitor.pdf', PDF);
    const theirs = await f.attach('owner', itemId, [readers]);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().code).toBe('ATTACHMENT_INVALID_FILE');
    // Someone else's file name is not disclosed.
    expect(theirs.json().Message).not.toContain('do leitor');
    const own = await f.upload('owner', 'meu.pdf', PDF);
    expect((await f.attach('owner', itemId, [own])).statusCode).toBe(200);
    const again = await f.attach('owner', itemId, [own]);
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe(
      'Arquivo inválido: "meu.pdf" não é um arquivo enviado por você para anexar.',
    );
    expect((await f.attach('owner', itemId, [own + 100_000])).statusCode).toBe(400);
    // The type is found by content when uploading: an executable named .pdf never becomes a file to attach.
    const exe = await f.uploadRaw('owner', 'nota.pdf', EXE);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});

describe('deleteAttachment, replaceAttachment and versions', () => {
  it('replaces with a new version, keeping the earlier ones downloadable', async () => {
    const { itemId, ids } = await itemWith(['memorial.pdf', PDF]);
    const attachmentId = ids[0] as number;
    const fileId = await f.upload('owner', 'memorial v2.pdf', PDF_V2);
    const replaced = await f.call('owner', 'POST', 'replaceAttachment', { attachmentId, fileId });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      attachmentId,
      version: 2,
      kind: 'replace',
      fileId,
      name: 'memorial v2.pdf',
    });
    const versions = await f.call('reader', 'GET', 'loadAttachmentVersions', { attachmentId });
    expect(
      versions.json().versions.map((row: { version: number; kind: string }) => [row.version, row.kind]),
    ).toEqual([
      [2, 'replace'],
      [1, 'upload'],
    ]);
    const current = await f.call('reader', 'GET', 'downloadFile', { attachmentId });
    expect(current.statusCode).toBe(200);
    expect(current.rawPayload.equals(PDF_V2)).toBe(true);
    expect(current.headers['content-disposition']).toMatch(/^attachment; filename="memorial v2.pdf"/);
    expect(current.headers['content-security-policy']).toContain('sandbox');
    expect(current.headers['x-content-type-options']).toBe('nosniff');
    const first = await f.call('reader', 'GET', 'downloadFile', { attachmentId, version: 1 });
    expect(first.rawPayload.equals(PDF)).toBe(true);
    expect((await f.call('reader', 'GET', 'downloadFile', { attachmentId, version: 3 })).statusCode).toBe(
      404,
    );
    expect((await list('owner', itemId)).json().attachments[0]).toMatchObject({ version: 2 });
  });

  it('deletes (confirming nothing leaks by id) and clears HasAttachment with the last one', async () => {
    const { itemId, ids } = await itemWith(['a.pdf', PDF], ['b.pdf', PDF]);
    expect((await f.call('reader', 'POST', 'deleteAttachment', { attachmentId: ids[0] })).statusCode).toBe(
      403,
    );
    expect((await f.call('stranger', 'POST', 'deleteAttachment', { attachmentId: ids[0] })).statusCode).toBe(
      404,
    );
    const first = await f.call('owner', 'POST', 'deleteAttachment', { attachmentId: ids[0] });
    expect(first.statusCode).toBe(200);
    expect(first.json().attachments.map((row: { attachmentId: number }) => row.attachmentId)).toEqual([
      ids[1],
    ]);
    expect((await markers(itemId))?.hasAttachment).toBe(true);
    await f.call('owner', 'POST', 'deleteAttachment', { attachmentId: ids[1] });
    expect((await markers(itemId))?.hasAttachment).toBe(false);
    // A deleted attachment is gone for every call.
    expect((await f.call('owner', 'GET', 'downloadFile', { attachmentId: ids[0] })).statusCode).toBe(404);
    expect((await f.call('owner', 'POST', 'deleteAttachment', { attachmentId: ids[0] })).statusCode).toBe(
      404,
    );
  });

  it("another user's attachment is 404 for every call by id", async () => {
    const { ids } = await itemWith(['segredo.pdf', PDF]);
    const attachmentId = ids[0] as number;
    const fileId = await f.upload('stranger', 'troca.pdf', PDF);
    for (const [method, route, input] of [
      ['GET', 'downloadFile', { attachmentId }],
      ['GET', 'getAttachmentLink', { attachmentId }],
      ['GET', 'loadAttachmentVersions', { attachmentId }],
      ['GET', 'loadFileIndexes', { attachmentId }],
      ['POST', 'saveFileIndexes', { attachmentId, values: {} }],
      ['POST', 'replaceAttachment', { attachmentId, fileId }],
      ['POST', 'deleteAttachment', { attachmentId }],
      ['POST', 'getAttachmentsDetails', { attachments: [attachmentId] }],
    ] as const) {
      const response = await f.call('stranger', method, route, input);
      expect(response.statusCode, route).toBe(404);
    }
    // The stranger's upload was not claimed by the refused replace.
    expect((await f.call('stranger', 'GET', 'downloadFile', { fileId })).statusCode).toBe(200);
  });

  it('getAttachmentsDetails answers the attachments named, in order', async () => {
    const { ids } = await itemWith(['a.pdf', PDF], ['b.png', PNG]);
    const response = await f.call('reader', 'POST', 'getAttachmentsDetails', {
      attachments: [ids[1], ids[0]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().attachments.map((row: { name: string }) => row.name)).toEqual(['b.png', 'a.pdf']);
  });
});

describe('versions of signatures and stamps (addAttachmentVersion)', () => {
  it('counts consecutive signatures at the top, remembers a stamp, and sets HasDigitalContent', async () => {
    const { itemId, ids } = await itemWith(['contrato.pdf', PDF]);
    const attachmentId = ids[0] as number;
    const db = f.app.database.db;
    const version = async (kind: 'stamp' | 'sign' | 'replace') => {
      const fileId = await f.upload('owner', `${kind}.pdf`, PDF_V2);
      return db.transaction((tx) =>
        addAttachmentVersion(tx, {
          attachmentId,
          fileId,
          kind,
          createdBy: f.people.owner.id,
          createdAt: f.clock.now,
        }),
      );
    };
    expect((await version('stamp')).version).toBe(2);
    await version('sign');
    await version('sign');
    const [details] = (
      await f.call('owner', 'POST', 'getAttachmentsDetails', { attachments: [attachmentId] })
    ).json().attachments;
    expect(details).toMatchObject({ version: 4, kind: 'sign', stamped: true, signatureCount: 2 });
    expect(await markers(itemId)).toEqual({ hasAttachment: true, hasDigitalContent: true });
    await version('replace');
    const after = (await list('owner', itemId)).json().attachments[0];
    expect(after).toMatchObject({ version: 5, stamped: true, signatureCount: 0 });
    expect((await markers(itemId))?.hasDigitalContent).toBe(false);
  });
});

describe('getAttachmentLink and getFileLink', () => {
  it("links work for their user until they expire; another user's use is 404", async () => {
    const { ids } = await itemWith(['link.pdf', PDF]);
    const link = await f.call('reader', 'GET', 'getAttachmentLink', { attachmentId: ids[0] });
    expect(link.statusCode, link.body).toBe(200);
    const { url, expiresAt } = link.json();
    expect(url).toMatch(/^\/api\/genericItem\/downloadFile\?attachmentId=\d+&version=1&expires=\d+&token=/);
    expect(new Date(expiresAt).getTime()).toBe(f.clock.now.getTime() + 5 * 60 * 1000);
    const use = (who: 'reader' | 'owner') =>
      f.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${f.people[who].token}` } });
    const ok = await use('reader');
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    // Bound to the reader: the owner (who may see the file) cannot use the reader's link.
    expect((await use('owner')).statusCode).toBe(404);
    const tampered = url.replace(/token=[^&]+/, 'token=AAAA');
    expect(
      (
        await f.app.inject({
          method: 'GET',
          url: tampered,
          headers: { authorization: `Bearer ${f.people.reader.token}` },
        })
      ).statusCode,
    ).toBe(404);
    const before = f.clock.now;
    f.clock.now = new Date(before.getTime() + 6 * 60 * 1000);
    try {
      const expired = await use('reader');
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('FILE_LINK_EXPIRED');
    } finally {
      f.clock.now = before;
    }
  });

  it("a file link is given for the user's own fresh upload only", async () => {
    const fileId = await f.upload('owner', 'solto.pdf', PDF);
    const link = await f.call('owner', 'GET', 'getFileLink', { fileId });
    expect(link.statusCode).toBe(200);
    const download = await f.app.inject({
      method: 'GET',
      url: link.json().url,
      headers: { authorization: `Bearer ${f.people.owner.token}` },
    });
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await f.call('reader', 'GET', 'getFileLink', { fileId })).statusCode).toBe(404);
  });
});

describe('attachmentFileReferences (the storage sweep’s reference source)', () => {
  it('holds every version of a live attachment, and nothing of a deleted one', async () => {
    const { ids } = await itemWith(['a.pdf', PDF], ['b.pdf', PDF]);
    const [first, second] = (
      await f.call('owner', 'POST', 'getAttachmentsDetails', { attachments: ids })
    ).json().attachments as { attachmentId: number; fileId: number }[];
    const replacement = await f.upload('owner', 'a2.pdf', PDF_V2);
    await f.call('owner', 'POST', 'replaceAttachment', {
      attachmentId: first!.attachmentId,
      fileId: replacement,
    });
    await f.call('owner', 'POST', 'deleteAttachment', { attachmentId: second!.attachmentId });
    const loose = await f.upload('owner', 'solto.pdf', PDF);
    const held = await attachmentFileReferences.referencedAmong(f.app.database.db, [
      first!.fileId,
      replacement,
      second!.fileId,
      loose,
    ]);
    expect([...held].sort((a, b) => a - b)).toEqual([first!.fileId, replacement].sort((a, b) => a - b));
  });
});

describe('row markers in lists', () => {
  it('executeFilter answers HasAttachment and HasDigitalContent from the attachments', async () => {
    const { itemId, ids } = await itemWith(['lista.pdf', PDF]);
    const rowOf = async () => {
      const response = await f.call('reader', 'POST', 'executeFilter', {
        componentID: f.requestComponentId,
        filters: [{ field: 'ID', operator: 'eq', value: itemId }],
        viewColumns: ['FormattedID', 'Title'],
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().rows[0];
    };
    expect(await rowOf()).toMatchObject({ HasAttachment: true, HasDigitalContent: false });
    const fileId = await f.upload('owner', 'assinado.pdf', PDF_V2);
    await f.app.database.db.transaction((tx) =>
      addAttachmentVersion(tx, {
        attachmentId: ids[0] as number,
        fileId,
        kind: 'sign',
        createdBy: f.people.owner.id,
        createdAt: f.clock.now,
      }),
    );
    expect(await rowOf()).toMatchObject({ HasAttachment: true, HasDigitalContent: true });
  });
});
