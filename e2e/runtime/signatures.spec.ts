import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestPki, type TestPki } from '../../apps/server/src/engine/signatures/testing/test-pki.ts';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { onePagePdf, seededTask, TASK_COMPONENT, TASK_FORM } from '../support/task-attachments.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 4 });

/** The signed document is a page of A4 (the stamp is laid out for it). */
const A4 = { width: 595, height: 842 };

function pdfsig(pdf: Buffer, nssDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'der-e2e-sig-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], { encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let pki: TestPki;
test.beforeAll(() => {
  pki = makeTestPki();
});
test.afterAll(() => pki.cleanup());

/**
 * Issue 17 signatures: a PDF attached to a task is stamped, then signed with an A1 (made at test time) and its
 * password in the product's dialogs; the downloaded file's signature is valid and trusted (pdfsig, the test
 * root trusted), and the public /validarDocumento page says it is authentic — with no axe violations.
 */
test.describe('signatures', () => {
  test('stamps, signs with the password, downloads, verifies and checks the public page', async ({
    page,
    request,
    signIn,
    seedTasks,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const { task, analyst } = await seededTask(request, seedTasks, 'assinatura', 2);
    const form = new ItemFormPage(page);
    const region = page.getByRole('region', { name: 'Anexos' });

    await test.step('upload a PDF to the task', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.projetos}/editItem/${TASK_COMPONENT}/${task.id}/${TASK_FORM}`,
      });
      await expect(form.heading).toContainText(task.formattedId, { timeout: 20_000 });
      await form.openTab('Anexos');
      await region.getByTestId('attachments-input').setInputFiles({
        name: 'parecer.pdf',
        mimeType: 'application/pdf',
        buffer: onePagePdf('Parecer tecnico', A4),
      });
      await expect(region.getByText('parecer.pdf')).toBeVisible({ timeout: 15_000 });
    });

    await test.step('stamp it (Carimbar)', async () => {
      await region.getByRole('button', { name: 'Mais ações para parecer.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Carimbar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Carimbar "parecer.pdf"' });
      await dialog.getByRole('button', { name: 'Carimbar' }).click();
      await expect(page.getByText('Documento carimbado.')).toBeVisible({ timeout: 20_000 });
      await expect(region.getByText('v2')).toBeVisible();
    });

    await test.step('sign it with the A1 and its password (Assinar); the dialog has no axe violations', async () => {
      await region.getByRole('button', { name: 'Mais ações para parecer.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Assinar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assinar digitalmente "parecer.pdf"' });
      await expect(dialog.getByText(/Nenhum certificado guardado/)).toBeVisible();
      await dialog
        .getByLabel('Escolher certificado A1 (.pfx/.p12)')
        .setInputFiles({ name: 'meu-a1.p12', mimeType: 'application/x-pkcs12', buffer: pki.p12 });
      const results = await makeAxeBuilder().include('[role="dialog"]').analyze();
      expect(results.violations).toEqual([]);
      await dialog.getByLabel('Senha do certificado').fill('senha-errada');
      await dialog.getByRole('button', { name: 'Assinar' }).click();
      await expect(dialog.getByText(/Senha do certificado: a senha informada não abre/)).toBeVisible({
        timeout: 20_000,
      });
      await dialog.getByLabel('Senha do certificado').fill(pki.password);
      await dialog.getByRole('button', { name: 'Assinar' }).click();
      await expect(page.getByText('Documento assinado digitalmente.')).toBeVisible({ timeout: 20_000 });
      // The demo's attachments component has no protocol template: the spec's message, the signature stands.
      await expect(
        page.getByText(
          'Não foi possível emitir o Protocolo de Assinatura porque o modelo de protocolo não foi configurado.',
        ),
      ).toBeVisible();
      await expect(region.getByText('v3')).toBeVisible();
    });

    let uid = '';
    await test.step('download it: pdfsig finds the signature valid and the certificate trusted', async () => {
      const list = await analyst.get<{ attachments: { attachmentId: number; name: string }[] }>(
        `/api/genericItem/loadAttachments?itemId=${task.id}&widgetKey=anexos`,
      );
      const attachment = list.attachments.find((row) => row.name === 'parecer.pdf')!;
      const link = await analyst.get<{ url: string }>(
        `/api/genericItem/getAttachmentLink?attachmentId=${attachment.attachmentId}`,
      );
      // The link is bound to the user: downloadFile checks the session too.
      const response = await request.get(link.url, {
        headers: { authorization: `Bearer ${analyst.result.token}` },
      });
      expect(response.ok()).toBe(true);
      const signed = Buffer.from(await response.body());
      const report = pdfsig(signed, pki.nssDir());
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Certificate is Trusted');
      uid = /\/DERStampUid \(([^)]+)\)/.exec(signed.toString('latin1'))?.[1] ?? '';
      expect(uid).not.toBe('');
    });

    await test.step('the public /validarDocumento page says it is authentic, CPF masked, no axe violations', async () => {
      await page.goto(`/validarDocumento?uid=${encodeURIComponent(uid)}`);
      await expect(page.getByText('Documento autêntico: "parecer.pdf".')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/FULANA DE TESTE — CPF \*\*\*\.456\.789-\*\*/)).toBeVisible();
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });
  });
});
