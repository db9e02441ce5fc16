import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEMPT, TERM, useTpeuProcess } from '../../test/fixtures/tpeu-process-fixture.ts';
import { bearer } from '../../test/helpers/auth.ts';
import { runtimeAttachments } from '../engine/attachments/attachments.table.ts';
import { findFileContent } from '../engine/files/files.repo.ts';
import { publicDocuments } from '../engine/signatures/signatures.table.ts';
import { pdfsig, pdftotext } from '../engine/signatures/testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../engine/signatures/testing/test-pki.ts';
import { storeDemoFile } from './demo-files.ts';
import { demoDrawingReview } from './demo-tpeu.seed.ts';

/**
 * The technical review of a TPEU request's drawings, sheet by sheet (apps/definitions tpeu-desenhos.ts): a row
 * per sheet to give its verdict; rejected sheets go back to the permissionário, who may then replace drawings and
 * nothing else; approving needs every sheet approved; issuing stamps every sheet (APROVADO — DER — processo —
 * TPEU — analista — data/hora — QR) and signs it with the department's A1, and each answers the public check.
 */
const tpeu = useTpeuProcess();
const { people, itemRow, act, setField, lastMessageTitle, documentsOf, draft, toTechnicalReview } = tpeu;
let pki: TestPki;

beforeAll(() => {
  pki = makeTestPki();
});
afterAll(() => pki.cleanup());

const REJECTION = 'Folha sem os marcos quilométricos da travessia.';

/** The item's documents with a public uid, as the permissionário lists them: current name, content, uid. */
async function publicSheets(itemId: number) {
  const { db } = tpeu.app.database;
  const attachments = await tpeu.app.inject({
    method: 'GET',
    url: `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=anexos`,
    headers: bearer(people.permissionario.token),
  });
  expect(attachments.statusCode, attachments.body).toBe(200);
  const rows = await db
    .select({ id: runtimeAttachments.id, uid: publicDocuments.uid })
    .from(runtimeAttachments)
    .innerJoin(publicDocuments, eq(publicDocuments.attachmentId, runtimeAttachments.id))
    .where(and(eq(runtimeAttachments.itemId, itemId), isNull(runtimeAttachments.deletedAt)));
  const views = attachments.json().attachments as Array<{
    attachmentId: number;
    fileId: number;
    name: string;
  }>;
  return Promise.all(
    rows.map(async (row) => {
      const view = views.find((candidate) => candidate.attachmentId === row.id)!;
      const content = await findFileContent(db, tpeu.app.fileStore, view.fileId);
      return { uid: row.uid, fileName: view.name, pdf: new Uint8Array(content!) };
    }),
  );
}

describe("the technical review of a TPEU request's drawings", () => {
  it('returns rejected sheets for replacement, then stamps and signs every approved sheet on issue', async () => {
    const certificate = await tpeu.app.inject({
      method: 'POST',
      url: '/api/admin/departmentCertificate',
      headers: bearer(people.admin.token),
      payload: { certificate: pki.p12.toString('base64'), password: pki.password },
    });
    expect(certificate.statusCode, certificate.body).toBe(200);

    // A crossing with two sheets.
    const request = await draft(EXEMPT);
    const [second] = (await documentsOf(EXEMPT)).projetoDesenhos ?? [];
    const sheets = [...(request.documents.projetoDesenhos ?? []), second!];
    expect((await setField('permissionario', request.id, 'projetoDesenhos', sheets)).statusCode).toBe(200);
    const documents = { ...request.documents, projetoDesenhos: sheets };
    expect((await act('permissionario', request.id, 'protocolar')).statusCode).toBe(200);
    await toTechnicalReview(request.id, documents);
    expect((await itemRow(request.id)).data.analiseDesenhos).toEqual([{ folha: 1 }, { folha: 2 }]);

    // Returning needs a rejected sheet, each with what to correct.
    const nothingRejected = await act('analyst', request.id, 'devolverDesenhos');
    expect(nothingRejected.statusCode).toBe(400);
    expect(JSON.stringify(nothingRejected.json())).toContain('Reprove ao menos uma folha');
    const returned = await act('analyst', request.id, 'devolverDesenhos', {
      changes: {
        analiseDesenhos: [
          { folha: 1, parecer: 'aprovado' },
          { folha: 2, parecer: 'reprovado', comentarios: REJECTION },
        ],
      },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await itemRow(request.id)).status).toBe('desenhosReprovados');
    expect(await lastMessageTitle('permissionario')).toBe(
      `Desenhos reprovados na solicitação ${request.formattedId}`,
    );

    // The permissionário replaces the drawings, and nothing else: not the data, not the verdicts.
    expect((await setField('permissionario', request.id, 'kmFinal', 999)).statusCode).toBe(400);
    expect((await setField('permissionario', request.id, 'analiseDesenhos', [])).statusCode).toBe(400);
    // Sheets are PDF (each is stamped): another type is refused by the server, named, whatever the browser did.
    const drawing = await storeDemoFile(
      tpeu.app.database.db,
      people.permissionario.id,
      'folha-2.dwg',
      Buffer.from('AC1032'),
    );
    const wrongType = await setField('permissionario', request.id, 'projetoDesenhos', [sheets[0], drawing]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details[0]).toMatchObject({
      field: 'projetoDesenhos',
      message: expect.stringContaining('"folha-2.dwg" não é de um tipo aceito aqui (.pdf)'),
    });
    const [replacement] = (await documentsOf(EXEMPT)).projetoDesenhos ?? [];
    const replaced = await setField('permissionario', request.id, 'projetoDesenhos', [
      sheets[0],
      replacement,
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await act('permissionario', request.id, 'reenviarDesenhos')).statusCode).toBe(200);
    const resubmitted = await itemRow(request.id);
    expect(resubmitted.status).toBe('analiseTecnica');
    // The approved sheet keeps its verdict; the replaced one waits for a new one, its comments kept.
    expect(resubmitted.data.analiseDesenhos).toEqual([
      { folha: 1, parecer: 'aprovado' },
      { folha: 2, comentarios: REJECTION },
    ]);
    expect((await act('analyst', request.id, 'aprovar')).statusCode).toBe(400);
    const approved = await act('analyst', request.id, 'aprovar', {
      changes: demoDrawingReview({ projetoDesenhos: sheets }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(issued.statusCode, issued.body).toBe(200);

    const stamped = (await publicSheets(request.id)).filter((sheet) =>
      sheet.fileName.startsWith('APROVADO - '),
    );
    expect(stamped).toHaveLength(2);
    for (const [index, sheet] of stamped.entries()) {
      const text = pdftotext(sheet.pdf).replace(/\s+/g, ' ');
      expect(text).toContain(
        `APROVADO — DER — processo nº ${request.formattedId} — TPEU nº ${request.formattedId}`,
      );
      expect(text).toMatch(/analista .+ — \d{2}\/\d{2}\/\d{4}/);
      expect(text).toContain(`folha ${index + 1} de 2`);
      const report = pdfsig(sheet.pdf, pki.nssDir());
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Certificate is Trusted');
      const check = await tpeu.app.inject({
        method: 'GET',
        url: `/api/public/validarDocumento?uid=${sheet.uid}`,
      });
      expect(check.json()).toMatchObject({ valid: true, fileName: sheet.fileName });
      expect(check.json().signatures).toHaveLength(1);
    }

    // The TPEU itself carries the QR code of its own check, and is signed.
    const [permit] = (await publicSheets(request.id)).filter((document) =>
      document.fileName.startsWith('Termo de Permissão Especial de Uso'),
    );
    expect(permit).toBeDefined();
    const permitText = pdftotext(permit!.pdf).replace(/\s+/g, '');
    expect(permitText).toContain(`/validarDocumento?uid=${permit!.uid}`);
    expect(pdfsig(permit!.pdf, pki.nssDir())).toContain('Signature is Valid');
    const checkOf = async (uid: string) =>
      (await tpeu.app.inject({ method: 'GET', url: `/api/public/validarDocumento?uid=${uid}` })).json();
    const permitCheck = await checkOf(permit!.uid);
    expect(permitCheck).toMatchObject({
      valid: true,
      fileName: permit!.fileName,
      process: {
        formattedId: request.formattedId,
        label: { 'pt-BR': 'Solicitação de TPEU' },
        statusName: { 'pt-BR': 'TPEU emitido — obra autorizada' },
      },
    });
    expect(permitCheck.signatures).toHaveLength(1);
    // Nothing personal: the holder's name and CNPJ are not in the public answer.
    const holder = (await itemRow(request.id)).data;
    expect(JSON.stringify(permitCheck)).not.toContain(String(holder.cpfCnpj));
    expect(JSON.stringify(permitCheck)).not.toContain(String(holder.nomeRazaoSocial));

    // A revoked permit's documents stay authentic, and their check says the permit is revoked.
    const revoked = await act('analyst', request.id, 'revogar', {
      reason: 'Obra em desacordo com o projeto.',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const uid of [permit!.uid, stamped[0]!.uid])
      expect(await checkOf(uid)).toMatchObject({
        valid: true,
        process: { statusName: { 'pt-BR': 'Revogada' } },
      });
  });
});
