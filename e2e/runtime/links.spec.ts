import type { ItemChoice } from '@der/contracts';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, type TaskSeed, test } from '../fixtures/runtime.ts';
import { SessionApi } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Component 4 (Tarefa) of Gestão de Projetos, form 5: its tabs 'Dependências' and 'Histórico'. */
const TASK_COMPONENT = 4;
const TASK_FORM = 5;

const twoTasks = (tag: string): TaskSeed[] => [
  { title: `${tag} A`, prioridade: 'Baixa', prazo: '10/04/2030', estimativaHoras: 2, tipoTarefa: 'Análise' },
  { title: `${tag} B`, prioridade: 'Média', prazo: '20/04/2030', estimativaHoras: 5, tipoTarefa: 'Vistoria' },
];

/**
 * Issue 7 form components: a free link between two tasks made through the itemLinks widget's search and
 * removed after confirming, and the notifications toggle — then a save by someone else reaches the follower
 * as a message.
 */
test.describe('item links and notifications', () => {
  test('links a task to another, removes the link, follows the task and is told of a change', async ({
    page,
    request,
    signIn,
    seedTasks,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const { tag } = await seedTasks(twoTasks);
    const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
    const found = await analyst.post<{ items: ItemChoice[] }>('/api/genericItem/searchItemsByQuery', {
      componentID: TASK_COMPONENT,
      query: tag,
    });
    const taskA = found.items.find((item) => item.title === `${tag} A`)!;
    const form = new ItemFormPage(page);

    await test.step('open task A', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.projetos}/editItem/${TASK_COMPONENT}/${taskA.id}/${TASK_FORM}`,
      });
      await expect(form.heading).toContainText(taskA.formattedId, { timeout: 20_000 });
      await form.openTab('Dependências');
    });
    const links = page.getByRole('region', { name: 'Itens vinculados' });

    await test.step('link task B through the search', async () => {
      await links.getByRole('combobox', { name: 'Vincular outro item' }).pressSequentially(`${tag} B`);
      await page.getByRole('option', { name: new RegExp(`${tag} B`) }).click();
      const outgoing = links.getByRole('list', { name: 'Itens que este item vincula' });
      await expect(outgoing.getByRole('link', { name: new RegExp(`${tag} B`) })).toBeVisible();
    });

    await test.step('the form with the widgets has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('remove the link after confirming', async () => {
      await links.getByRole('button', { name: new RegExp(`Remover vínculo com .*${tag} B`) }).click();
      const dialog = page.getByRole('dialog', { name: 'Remover vínculo?' });
      await dialog.getByRole('button', { name: 'Sim' }).click();
      await expect(links.getByRole('link', { name: new RegExp(`${tag} B`) })).toHaveCount(0);
    });

    await test.step('follow the task', async () => {
      await form.openTab('Histórico');
      const notifications = page.getByRole('region', { name: 'Notificações' });
      const follow = notifications.getByRole('button', { name: 'Seguir este item' });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await follow.click();
      await expect(notifications.getByRole('button', { name: 'Deixar de seguir' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(notifications.getByRole('list', { name: 'Seguidores' })).toContainText(
        analyst.result.loggedUser?.name ?? '',
      );
    });

    await test.step('a save by the administrator reaches the follower as a message', async () => {
      const admin = await SessionApi.signIn(request, DEMO_USERS.admin);
      const item = await admin.post<{ version: number }>(`/api/genericItem/refreshItem`, {
        itemId: taskA.id,
        componentId: TASK_COMPONENT,
      });
      await admin.post('/api/genericItem/saveItem', {
        componentId: TASK_COMPONENT,
        formId: TASK_FORM,
        itemId: taskA.id,
        version: item.version,
        values: { Title: `${tag} A revisada` },
      });
      await expect
        .poll(async () => (await analyst.messages()).map((message) => message.title))
        .toContain(`${taskA.formattedId} foi alterado`);
    });
  });
});
