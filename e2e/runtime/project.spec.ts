import type { ProjectSummary, SaveItemResult } from '@der/contracts';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { SessionApi, uniqueTitle } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Gestão de Projetos (apps/definitions/src/gestao-de-projetos): the project form and the task form. */
const PROJECT_COMPONENT = 3;
const PROJECT_FORM = 6;
const TASK_COMPONENT = 4;
const TASK_FORM = 5;
const ACTIVITY_COMPONENT = 5;
const ACTIVITY_FORM = 7;
const PROJECT_TITLE = 'Duplicação BR-116 km 10–45';

/** Today at 12:00 in São Paulo (UTC−3), as a stored instant: on today's cell whatever the runner's zone. */
function todayNoonInSaoPaulo(): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return `${day}T15:00:00.000Z`;
}

/**
 * Issue 7 project widgets: a demo project's form shows its month calendar (a task due today on today's cell,
 * a link to the task's form), its people and its configuration; the task's form shows its type and status.
 */
test.describe('runtime project widgets', () => {
  test('the project form shows the calendar, the people and the configuration of the project', async ({
    page,
    request,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const form = new ItemFormPage(page);
    const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
    const projects = await analyst.get<ProjectSummary[]>(
      `/api/genericItem/loadProjects?componentId=${PROJECT_COMPONENT}`,
    );
    const project = projects.find((candidate) => candidate.title === PROJECT_TITLE);
    if (!project) throw new Error(`the demo project "${PROJECT_TITLE}" is not seeded`);
    const title = uniqueTitle('e2e-calendário');
    const { saved } = await analyst.post<SaveItemResult>('/api/genericItem/saveItem', {
      componentId: TASK_COMPONENT,
      formId: TASK_FORM,
      projectId: project.id,
      values: { Title: title, prazo: todayNoonInSaoPaulo() },
    });
    const taskLink = `${saved.formattedId} — ${title}`;

    await test.step('open the project form on its team and calendar tab', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.projetos}/editItem/${PROJECT_COMPONENT}/${project.id}/${PROJECT_FORM}`,
      });
      await expect(form.heading).toHaveText(`Projeto ${project.formattedId}`, { timeout: 20_000 });
      await form.openTab('Equipe e calendário');
    });

    await test.step('the calendar shows the month with the task on today', async () => {
      const calendar = page.getByRole('region', { name: 'Calendário do projeto' });
      const month = calendar.getByRole('table', { name: /^Calendário do projeto \S+ de \d{4}$/ });
      await expect(month).toBeVisible();
      await expect(month.getByRole('columnheader')).toHaveCount(7);
      const today = month.locator('[aria-current="date"]');
      await expect(today.getByRole('link', { name: taskLink })).toBeVisible();
      await calendar.getByRole('button', { name: 'Próximo mês' }).click();
      await expect(month.getByRole('link', { name: taskLink })).toHaveCount(0);
      await calendar.getByRole('button', { name: 'Hoje' }).click();
      await expect(today.getByRole('link', { name: taskLink })).toBeVisible();
    });

    await test.step('the people of the project, the manager through the analysts group', async () => {
      const people = page.getByRole('table', { name: 'Recursos do projeto' });
      const manager = people.getByRole('row').filter({ hasText: 'Gerente' });
      await expect(manager).toHaveCount(1);
      await expect(manager.getByRole('cell').nth(1)).toHaveText('Analistas DER');
    });

    await test.step('the form has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('the configuration counts the item types of the project', async () => {
      await form.openTab('Configuração');
      const configuration = page.getByRole('region', { name: 'Configuração' });
      await expect(configuration.getByText(`${project.formattedId} — ${PROJECT_TITLE}`)).toBeVisible();
      const types = configuration.getByRole('table', { name: 'Tipos de item' });
      await expect(types.getByRole('row', { name: /^Tarefa \d+$/ })).toBeVisible();
    });

    await test.step('the task opens from the calendar with its type and status', async () => {
      await form.openTab('Equipe e calendário');
      await page.getByRole('link', { name: taskLink }).click();
      await expect(form.heading).toHaveText(`Tarefa ${saved.formattedId}`, { timeout: 20_000 });
      const itemType = page.getByRole('region', { name: 'Tipos de item' });
      await expect(itemType.getByText('TAR-{YYYY}-{SEQ:6}')).toBeVisible();
      await expect(itemType.getByText('A fazer')).toBeVisible();
    });

    await test.step('a new item of the project may switch to another item type of it', async () => {
      const base = `/runtime/${demoAppIds.projetos}`;
      await page.goto(`${base}/insertItem/${TASK_COMPONENT}/${project.id}/${TASK_FORM}`);
      await expect(form.heading).toHaveText('Novo item — Tarefa', { timeout: 20_000 });
      await expect(page.getByRole('combobox', { name: 'Tipo do item' })).toHaveText('Tarefa');
      await form.choose('Tipo do item', 'Atividade');
      await expect(page).toHaveURL(`${base}/insertItem/${ACTIVITY_COMPONENT}/${project.id}/${ACTIVITY_FORM}`);
      await expect(form.heading).toHaveText('Novo item — Atividade', { timeout: 20_000 });
    });
  });
});
