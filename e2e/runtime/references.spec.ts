import type { ProjectSummary } from '@der/contracts';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { SessionApi, uniqueTitle } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Gestão de Projetos (apps/definitions/src/gestao-de-projetos): the task form (component 4, form 5). */
const TASK_COMPONENT = 4;
const TASK_FORM = 5;
const PROJECT_TITLE = 'Duplicação BR-116 km 10–45';

/**
 * Issue 7 reference fields: the task's 'Atividade' (an item of another component) and 'Observadores' (users,
 * several) are chosen among records the server finds as the user types, and show by name after a reload.
 */
test.describe('runtime reference fields', () => {
  test('a task takes an activity and watchers searched on the server, shown by name after a reload', async ({
    page,
    request,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const form = new ItemFormPage(page);
    const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
    const projects = await analyst.get<ProjectSummary[]>('/api/genericItem/loadProjects');
    const project = projects.find((candidate) => candidate.title === PROJECT_TITLE);
    if (!project) throw new Error(`the demo project "${PROJECT_TITLE}" is not seeded`);
    const title = uniqueTitle('e2e-referências');

    await signIn(DEMO_USERS.analyst, {
      next: `/runtime/${demoAppIds.projetos}/insertItem/${TASK_COMPONENT}/${project.id}/${TASK_FORM}`,
    });
    await form.textbox('Título').fill(title);

    await test.step('the activity: typed letters find the project’s activities', async () => {
      const activity = page.getByRole('combobox', { name: 'Atividade' });
      await activity.fill('Drenag');
      await page
        .getByRole('option', { name: /Drenagem/ })
        .first()
        .click();
      await expect(activity).toHaveValue(/Drenagem/);
    });

    await test.step('the watchers: a user chosen by name', async () => {
      const watchers = page.getByRole('combobox', { name: 'Observadores' });
      await watchers.fill('ANA PAULA');
      await page.getByRole('option', { name: /ANA PAULA RIBEIRO/ }).click();
      await expect(page.getByRole('button', { name: /^ANA PAULA RIBEIRO/ })).toBeVisible();
    });

    await test.step('the form has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await form.saveAndExpectSaved();
    await expect(page).toHaveURL(/\/editItem\//);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Atividade' })).toHaveValue(/Drenagem/, {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: /^ANA PAULA RIBEIRO/ })).toBeVisible();
  });
});
