import { ADMIN_TEST_TIMEOUT, createUserThroughApi, expect, test, uniqueName } from '../fixtures/admin.ts';
import { UsersAdminPage } from '../pages/admin/AdminPages.ts';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT });

test.describe('administration: users (spec §2.11)', () => {
  test('creates, filters, edits and removes users', async ({ page, signInAsAdmin, adminSession }) => {
    const users = new UsersAdminPage(page);
    const { grid, area } = users;
    const first = uniqueName('E2E Usuario');

    await signInAsAdmin();
    await area.openFromUserMenu();
    await area.goToSection('users');
    await expect(area.heading).toHaveText(/Usuários$/);
    await expect(grid.rows.first()).toBeVisible({ timeout: 15_000 });

    // Create through the new-user form.
    await users.newUser.click();
    const create = users.form('Novo usuário');
    await expect(create.name).toBeVisible({ timeout: 15_000 });
    await create.name.fill(first.name);
    await create.login.fill(first.login);
    await create.email.fill(first.email);
    await create.save.click();
    await expect(area.notice('O usuário foi salvo com sucesso!')).toBeVisible();
    await expect(create.dialog).toBeHidden();
    await expect(grid.row(first.name)).toHaveCount(1);
    await expect(grid.row(first.name)).toContainText(first.email);

    // Filter by name: only that user is left.
    await grid.filter('Nome').fill(first.name);
    await expect(grid.rows).toHaveCount(1);
    await expect(grid.rows.first()).toContainText(first.name);

    // Edit it: select → Editar.
    const renamed = `${first.name} EDITADO`;
    await grid.select(first.name).check();
    await expect(grid.selectionLabel).toHaveText('1 linha(s) selecionada(s)');
    await grid.edit.click();
    const edit = users.form('Editar usuário');
    await expect(edit.name).toHaveValue(first.name, { timeout: 15_000 });
    await edit.name.fill(renamed);
    await edit.save.click();
    await expect(area.notice('O usuário foi salvo com sucesso!').first()).toBeVisible();
    await expect(edit.dialog).toBeHidden();
    await expect(grid.row(renamed)).toHaveCount(1);

    // A second user with the same name prefix: both shown by the filter, both selected, both removed.
    const prefix = first.name;
    const second = await createUserThroughApi(
      adminSession,
      { ...uniqueName('E2E Usuario'), name: `${prefix} SEGUNDO` },
      { waitForInvitation: false },
    );
    await page.reload();
    await grid.filter('Nome').fill(prefix);
    await expect(grid.rows).toHaveCount(2, { timeout: 15_000 });
    await grid.select(renamed).check();
    await grid.select(second.name).check();
    await expect(grid.selectionLabel).toHaveText('2 linha(s) selecionada(s)');
    await expect(grid.edit).toBeDisabled();

    await grid.remove.click();
    await expect(users.confirm).toContainText('Tem certeza que deseja remover o usuário selecionado?');
    await users.confirm.getByRole('button', { name: 'Sim', exact: true }).click();
    await expect(area.notice('Os usuários foram removidos com sucesso!')).toBeVisible();
    await expect(grid.rows).toHaveCount(0);
    await expect(grid.empty).toBeVisible();
    await expect(grid.selectionLabel).toHaveText('');
  });
});
