import { eq } from 'drizzle-orm';
import { PDFHexString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttachmentsFixture,
  attachmentsFixture,
  PNG,
} from '../../../test/fixtures/attachments-fixture.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { findFileContent } from '../files/files.repo.ts';
import { pdfsig, pdftotext, samplePdf } from './testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from './testing/test-pki.ts';

let f: AttachmentsFixture;
let pki: TestPki;
beforeAll(async () => {
  pki = makeTestPki();
  f = await attachmentsFixture(1270);
});
afterAll(async () => {
  await f.app.close();
  pki.cleanup();
});

const p12 = () => pki.p12.toString('base64');

async function attachedPdf(pages = 2) {
  const itemId = await f.newItem();
  const fileId = await f.upload('owner', 'projeto.pdf', Buffer.from(await samplePdf(pages)));
  const added = await f.attach('owner', itemId, [fileId]);
  expect(added.statusCode, added.body).toBe(200);
  return { itemId, attachmentId: added.json().attachments[0].attachmentId as number };
}

async function currentContent(fileId: number) {
  return (await findFileContent(f.app.database.db, f.app.fileStore, fileId))!;
}

const sign = (
  who: Parameters<AttachmentsFixture['call']>[0],
  body: Record<string, unknown>,
  language = 'pt-BR',
) => f.call(who, 'POST', 'signFileAttachment', body, language);

describe('stampFileAttachment then signFileAttachment', () => {
  it('stamps, signs with an uploaded A1 (kept), signs again with the kept one; the public check masks the CPF', async () => {
    const { itemId, attachmentId } = await attachedPdf();
    const stamped = await f.call('owner', 'POST', 'stampFileAttachment', {
      attachment: attachmentId,
      itemId,
      template: 'APROVADO — DER — processo nº {{FormattedID}}\nanalista {{ActorName}}',
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    const { attachment, uid } = stamped.json();
    expect(attachment).toMatchObject({ version: 2, kind: 'stamp', stamped: true });
    expect(pdftotext(await currentContent(attachment.fileId), 2)).toContain('APROVADO — DER — processo nº');

    const again = await f.call('owner', 'POST', 'stampFileAttachment', { attachment: attachmentId, itemId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAMP_ALREADY_STAMPED' });

    const wrong = await sign('owner', { attachment: attachmentId, password: 'errada', certificate: p12() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'SIGNATURE_CERTIFICATE_PASSWORD_WRONG' });
    expect(wrong.json().Message).toContain('Senha do certificado');
    expect(wrong.json().details).toEqual([expect.objectContaining({ field: 'body.password' })]);

    const signed = await sign('owner', {
      attachment: attachmentId,
      password: pki.password,
      certificate: p12(),
      keepCertificate: true,
      latitude: -23.5505,
      longitude: -46.6333,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      attachment: { version: 3, kind: 'sign', signatureCount: 1 },
      signature: { cpfMasked: '***.456.789-**', signerName: 'FULANA DE TESTE' },
      protocolAttachmentId: null,
      protocolError:
        'Não foi possível emitir o Protocolo de Assinatura porque o modelo de protocolo não foi configurado.',
    });
    const signedPdf = await currentContent(signed.json().attachment.fileId);
    const report = pdfsig(signedPdf, pki.nssDir());
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    const location = PDFHexString.fromText('Lat -23.550500, Long -46.633300').toString();
    expect(signedPdf.toString('latin1')).toContain(location);
    expect(pdftotext(signedPdf, 1)).toContain('APROVADO');

    // The kept certificate signs without being sent again (the password is still asked).
    const mine = await f.app.inject({
      method: 'GET',
      url: '/api/signatures/myCertificate',
      headers: bearer(f.people.owner.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().certificate).toMatchObject({ cpfMasked: '***.456.789-**' });
    const second = await sign('owner', { attachment: attachmentId, password: pki.password });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().attachment).toMatchObject({ version: 4, signatureCount: 2 });
    const twice = pdfsig(await currentContent(second.json().attachment.fileId), pki.nssDir());
    expect(twice.split('Signature is Valid').length - 1).toBe(2);

    const check = await f.app.inject({ method: 'GET', url: `/api/public/validarDocumento?uid=${uid}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valid: true, matches: null, fileName: 'projeto.pdf' });
    expect(check.json().signatures).toHaveLength(2);
    expect(JSON.stringify(check.json())).not.toContain(pki.cpf);
    const sha = check.json().sha256;
    const same = await f.app.inject({
      method: 'GET',
      url: `/api/public/validarDocumento?uid=${uid}&sha256=${sha}`,
    });
    expect(same.json().matches).toBe(true);
    const other = await f.app.inject({
      method: 'GET',
      url: `/api/public/validarDocumento?uid=${uid}&sha256=${'0'.repeat(64)}`,
    });
    expect(other.json().matches).toBe(false);
    const unknown = await f.app.inject({
      method: 'GET',
      url: '/api/public/validarDocumento?uid=naoexiste123',
    });
    expect(unknown.json()).toMatchObject({ valid: false, signatures: [] });
  });

  it('refuses a reader (403), a stranger (404), a non-PDF (415) and a signature without any certificate (409)', async () => {
    const { itemId, attachmentId } = await attachedPdf(1);
    const body = { attachment: attachmentId, password: pki.password, certificate: p12() };
    expect((await sign('reader', body)).json()).toMatchObject({ code: 'ITEM_EDIT_FORBIDDEN' });
    expect((await sign('stranger', body)).statusCode).toBe(404);
    expect(
      (await f.call('stranger', 'POST', 'stampFileAttachment', { attachment: attachmentId, itemId }))
        .statusCode,
    ).toBe(404);
    // The reader has no kept certificate: 409 naming the certificate field.
    const none = await sign('admin', { attachment: attachmentId, password: 'x' });
    expect(none.json()).toMatchObject({ code: 'SIGNATURE_CERTIFICATE_MISSING' });

    const pngItem = await f.newItem();
    const png = await f.upload('owner', 'foto.png', PNG);
    const added = await f.attach('owner', pngItem, [png]);
    const pngAttachment = added.json().attachments[0].attachmentId;
    const refused = await sign(
      'owner',
      { attachment: pngAttachment, password: pki.password, certificate: p12() },
      'en',
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json().Message).toBe('Only PDF files can be signed: "foto.png" is not a PDF.');
    const stamp = await f.call('owner', 'POST', 'stampFileAttachment', {
      attachment: pngAttachment,
      itemId: pngItem,
    });
    expect(stamp.json()).toMatchObject({ code: 'STAMP_NOT_PDF' });
  });

  it("issues the 'Protocolo de Assinatura' as an attachment when the component has a template", async () => {
    const db = f.app.database.db;
    const [row] = await db
      .select({ definition: runtimeComponents.definition })
      .from(runtimeComponents)
      .where(eq(runtimeComponents.id, f.requestComponentId));
    const definition = structuredClone(row!.definition);
    const widget = definition.forms[0]!.layout.find((component) => component.type === 'attachments');
    Object.assign(widget!, { signatureProtocolTemplate: 'Protocolo do pedido {{FormattedID}} — {{Title}}' });
    await db
      .update(runtimeComponents)
      .set({ definition })
      .where(eq(runtimeComponents.id, f.requestComponentId));

    const { attachmentId } = await attachedPdf(1);
    const signed = await sign('owner', {
      attachment: attachmentId,
      password: pki.password,
      certificate: p12(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().protocolError).toBeNull();
    const protocolId = signed.json().protocolAttachmentId;
    const details = await f.call('owner', 'POST', 'getAttachmentsDetails', { attachments: [protocolId] });
    const protocol = details.json().attachments[0];
    expect(protocol.name).toContain('Protocolo de Assinatura');
    const text = pdftotext(await currentContent(protocol.fileId)).replace(/\s+/g, ' ');
    expect(text).toContain('Protocolo de Assinatura');
    expect(text).toContain('Protocolo do pedido');
    expect(text).toContain(signed.json().signature.documentSha256.slice(0, 20));
    expect(text).toContain('***.456.789-**');
  });
});

describe('department certificate', () => {
  it('is set by an administrator only, shown by subject and validity, and signs documents', async () => {
    const save = (who: 'admin' | 'owner', password: string) =>
      f.app.inject({
        method: 'POST',
        url: '/api/admin/departmentCertificate',
        headers: bearer(f.people[who].token),
        payload: { certificate: pki.secondP12.toString('base64'), password },
      });
    expect((await save('owner', pki.password)).statusCode).toBe(403);
    expect((await save('admin', 'errada')).json()).toMatchObject({
      code: 'SIGNATURE_CERTIFICATE_PASSWORD_WRONG',
    });
    const saved = await save('admin', pki.password);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().certificate).toMatchObject({ cpfMasked: '***.654.321-**' });
    expect(saved.json().certificate.subject).toContain('BELTRANO DE TESTE');
  });
});
