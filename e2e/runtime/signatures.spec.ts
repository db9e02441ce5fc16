import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ItemChoice } from '@der/contracts';
import { makeTestPki, type TestPki } from '../../apps/server/src/engine/signatures/testing/test-pki.ts';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, type TaskSeed, test } from '../fixtures/runtime.ts';
import { SessionApi } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 4 });

/** Component 4 (Tarefa) of Gestão de Projetos, form 5: its tab 'Anexos' holds the attachments component 'anexos'. */
const TASK_COMPONENT = 4;
const TASK_FORM = 5;

/** A one-page PDF with a classic cross-reference table. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

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

const oneTask = (tag: string): TaskSeed[] => [
  {
    title: `${tag} assinatura`,
    prioridade: 'Média',
    prazo: '10/04/2030',
    estimativaHoras: 2,
    tipoTarefa: 'Análise',
  },
];

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
    const { tag } = await seedTasks(oneTask);
    const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
    const found = await analyst.post<{ items: ItemChoice[] }>('/api/genericItem/searchItemsByQuery', {
      componentID: TASK_COMPONENT,
      query: tag,
    });
    const task = found.items[0]!;
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
        buffer: onePagePdf('Parecer tecnico'),
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
