import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEMPT, TERM, useTpeuProcess, type Who } from '../../test/fixtures/tpeu-process-fixture.ts';
import { bearer } from '../../test/helpers/auth.ts';
import { findFileContent } from '../engine/files/files.repo.ts';
import { pdfsig } from '../engine/signatures/testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../engine/signatures/testing/test-pki.ts';

/**
 * The permissionário's co-signature of the TPEU (apps/definitions tpeu-coassinatura.ts): where it is asked, the
 * issued TPEU waits for their A1 — 'Assinar' is theirs on that document only, and confirming is refused until the
 * TPEU carries their signature — and then holds two valid signatures; where it is not, the works are authorised at
 * once; the analyst may waive it with a reason.
 */
const tpeu = useTpeuProcess();
const { people, itemRow, act, filed, inspectAndApprove, lastMessageTitle } = tpeu;
let pki: TestPki;

beforeAll(async () => {
  pki = makeTestPki();
  const saved = await tpeu.app.inject({
    method: 'POST',
    url: '/api/admin/departmentCertificate',
    headers: bearer(people.admin.token),
    payload: { certificate: pki.p12.toString('base64'), password: pki.password },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => pki.cleanup());

const PERMIT = 'Termo de Permissão Especial de Uso';

interface AttachmentView {
  attachmentId: number;
  fileId: number;
  name: string;
}

async function attachmentsAs(who: Who, itemId: number) {
  const response = await tpeu.app.inject({
    method: 'GET',
    url: `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=anexos`,
    headers: bearer(people[who].token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    attachments: AttachmentView[];
    canEdit: boolean;
    awaitingMySignature: number[];
  };
}

const signAs = (who: Who, attachment: number, certificate: Buffer) =>
  tpeu.app.inject({
    method: 'POST',
    url: '/api/genericItem/signFileAttachment',
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload: { attachment, password: pki.password, certificate: certificate.toString('base64') },
  });

/** Filed, screened, inspected, approved and issued with the co-signature asked (or not). */
async function issuedAsking(coSignature: boolean) {
  const request = await filed(EXEMPT);
  // Protocolling set the requirement by the table: a power utility does not sign its term.
  expect((await itemRow(request.id)).data.assinaturaPermissionario).toBe(false);
  await inspectAndApprove(request.id, request.documents);
  const issued = await act('analyst', request.id, 'emitir', {
    changes: { ...TERM, assinaturaPermissionario: coSignature },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  return request;
}

describe("the permissionário's co-signature of the TPEU", () => {
  it('waits for their A1 where it is asked, and the TPEU then carries two valid signatures', async () => {
    const request = await issuedAsking(true);
    const waiting = await itemRow(request.id);
    expect(waiting.status).toBe('aguardandoAssinatura');
    expect(waiting.data.conferenciaEmissao).toEqual([
      { criterion: 'A assinatura do permissionário não é exigida', passed: false },
    ]);
    expect(await lastMessageTitle('permissionario')).toBe(`Assine o TPEU ${request.formattedId}`);

    // Confirming before signing is refused, naming the document to sign.
    const early = await act('permissionario', request.id, 'confirmarAssinatura');
    expect(early.statusCode).toBe(400);
    expect(early.json().details[0]).toMatchObject({
      field: 'action',
      code: 'signatureMissing',
      message: expect.stringContaining(PERMIT),
    });

    // The permissionário may change nothing, yet the TPEU is offered for their signature — and only it.
    const listed = await attachmentsAs('permissionario', request.id);
    const permit = listed.attachments.find((attachment) => attachment.name.startsWith(PERMIT))!;
    const sheet = listed.attachments.find((attachment) => attachment.name.startsWith('APROVADO - '))!;
    expect(listed).toMatchObject({ canEdit: false, awaitingMySignature: [permit.attachmentId] });
    expect((await signAs('permissionario', sheet.attachmentId, pki.secondP12)).statusCode).toBe(403);
    // The analyst is not the one asked: the list offers them nothing to sign (they may edit anyway).
    expect((await attachmentsAs('analyst', request.id)).awaitingMySignature).toEqual([]);

    const signed = await signAs('permissionario', permit.attachmentId, pki.secondP12);
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await attachmentsAs('permissionario', request.id)).awaitingMySignature).toEqual([]);

    const confirmed = await act('permissionario', request.id, 'confirmarAssinatura');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await itemRow(request.id)).status).toBe('emitida');
    expect(await lastMessageTitle('analyst')).toBe(
      `TPEU ${request.formattedId} assinado pelo permissionário`,
    );

    const current = (await attachmentsAs('permissionario', request.id)).attachments.find(
      (attachment) => attachment.attachmentId === permit.attachmentId,
    )!;
    const pdf = await findFileContent(tpeu.app.database.db, tpeu.app.fileStore, current.fileId);
    const report = pdfsig(new Uint8Array(pdf!), pki.nssDir());
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).not.toContain('Signature is Invalid');
  });

  it('authorises the works at once where none is asked, and lets the analyst waive one with a reason', async () => {
    const plain = await issuedAsking(false);
    const authorised = await itemRow(plain.id);
    expect(authorised.status).toBe('emitida');
    expect(authorised.data.conferenciaEmissao).toEqual([
      { criterion: 'A assinatura do permissionário não é exigida', passed: true },
    ]);
    expect(await lastMessageTitle('permissionario')).toBe(`Seu TPEU ${plain.formattedId} foi emitido`);

    const asked = await issuedAsking(true);
    // Only the permissionário confirms their own signature; the process's own steps are not the analyst's.
    expect((await act('analyst', asked.id, 'confirmarAssinatura')).statusCode).toBe(400);
    expect((await act('analyst', asked.id, 'autorizarObras')).statusCode).toBe(400);
    expect((await act('analyst', asked.id, 'dispensarAssinatura')).statusCode).toBe(400);
    const waived = await act('analyst', asked.id, 'dispensarAssinatura', {
      reason: 'O permissionário não possui certificado A1.',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await itemRow(asked.id)).status).toBe('emitida');
  });
});
