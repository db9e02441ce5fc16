import AxeBuilder from '@axe-core/playwright';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { signInThroughForm } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { requestInAnalysis } from '../support/aet-requests.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Component 1 (Solicitação de AET), form 1 (the analyst's form, whose 'Taxa e emissão' tab prints the AET). */
const AET_COMPONENT = 1;
const AET_FORM = 1;

/** Issue 18: 'Imprimir AET' on the request's form opens its print layout in the product's PDF viewer. */
test('prints an AET from its form: the PDF in the viewer, with download and print, axe clean', async ({
  page,
  request,
  demoAppIds,
}) => {
  const aet = await requestInAnalysis(request);
  await signInThroughForm(
    page,
    DEMO_USERS.analyst,
    `/runtime/${demoAppIds.aet}/editItem/${AET_COMPONENT}/${aet.id}/${AET_FORM}`,
  );
  const form = new ItemFormPage(page);
  await form.openTab('Taxa e emissão');

  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Imprimir AET' }).click();
  const viewer = await opened;
  await viewer.waitForLoadState();
  expect(new URL(viewer.url()).pathname).toBe('/printLayout');
  expect(new URL(viewer.url()).searchParams.get('itemId')).toBe(String(aet.id));

  await expect(viewer.getByRole('heading', { name: 'Layout de impressão' })).toBeVisible({ timeout: 20_000 });
  const pdf = viewer.getByRole('region', { name: 'Layout de impressão' });
  // react-pdf draws the first page's text layer once the server's PDF has arrived.
  await expect(pdf.getByText(/AUTORIZAÇÃO ESPECIAL DE TRÂNSITO/)).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByRole('button', { name: 'Imprimir o PDF' })).toBeEnabled();
  const download = viewer.getByRole('link', { name: 'Baixar o PDF' });
  await expect(download).toHaveAttribute('download', `documento-${aet.id}.pdf`);

  // The viewer is a page of its own (a new tab): axe scans it with the suite's tags (fixtures/test.ts).
  const axe = await new AxeBuilder({ page: viewer })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations).toEqual([]);
});
