import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test, uniqueTitle } from '../fixtures/shell.ts';
import { MessagesPopup } from '../pages/shell/MessagesPopup.ts';
import { ChooserPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });
/**
 * The notification bell (spec §2.10, features/messages). The demo users are shared by every test of the run,
 * so the tests that read, delete or clear messages do it on a requerente registered for the test, whose only
 * messages are the ones the admin sends it here; the demo analyst is only read or sent to, with deltas.
 */
test.describe('notification bell', () => {
  test("the analyst's bell counts the unread welcome message", async ({ page, signIn }) => {
    await signIn(DEMO_USERS.analyst);
    const bell = new MessagesPopup(page);
    await expect(new ChooserPage(page).heading).toBeVisible();

    await expect(bell.topBar.bell).toHaveAccessibleName(/^Notificações: \d+ não lidas?$/);
    const unread = await bell.topBar.unreadCount();
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect(bell.topBar.bellBadge).toHaveText(String(unread));

    await bell.open();
    const welcome = bell.item('Bem-vindo ao portal do DER');
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText('Não lida');
  });

  test('a message the admin sends to the analyst shows after a reload', async ({
    page,
    signIn,
    adminSession,
  }) => {
    const title = uniqueTitle('Aviso ao analista');
    // The bell waits for its first answer: wait for it too, or an empty bell would pass for 0 unread.
    const firstList = page.waitForResponse(
      (response) => response.url().includes('/api/message/getMessages') && response.ok(),
      { timeout: 30_000 },
    );
    await signIn(DEMO_USERS.analyst);
    const messages = (await (await firstList).json()) as { readed: boolean }[];
    const before = messages.filter((message) => !message.readed).length;
    const bell = new MessagesPopup(page);
    await bell.topBar.expectUnread(before);

    const analystId = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('stored_data') ?? '{}') as { loggedUser?: { id?: number } })
          .loggedUser?.id,
    );
    const sent = await adminSession.sendMessage({
      title,
      messageText: 'Enviada pelo e2e.',
      userIds: [Number(analystId)],
    });
    expect(sent.recipients).toBe(1);
    await page.reload();

    await bell.topBar.expectUnread(before + 1);
    await bell.open();
    // Newest first.
    await expect(bell.items.first()).toContainText(title);
    await expect(bell.item(title)).toContainText('Não lida');
  });

  test('OK marks an opened message read; Excluir deletes it after confirmation', async ({
    page,
    signIn,
    freshUser,
    adminSession,
  }) => {
    const user = await freshUser();
    const [first, second, third] = ['Primeira', 'Segunda', 'Terceira'].map((name) => uniqueTitle(name));
    for (const title of [first, second, third]) {
      await adminSession.sendMessage({ title: title!, messageText: `Texto de ${title}`, userIds: [user.id] });
    }
    await signIn(user);
    const bell = new MessagesPopup(page);
    await bell.topBar.expectUnread(3);

    // Open → OK: read, the badge goes down.
    await bell.open();
    await expect(bell.items).toHaveCount(3);
    await bell.item(first!).click();
    const opened = bell.messageDialog(first!);
    await expect(opened.dialog).toBeVisible();
    await expect(opened.dialog).toContainText(`Texto de ${first}`);
    await opened.ok.click();
    await expect(opened.dialog).toBeHidden();
    await bell.topBar.expectUnread(2);
    await expect(bell.item(first!)).not.toContainText('Não lida');

    // Open → Cancelar: nothing changes.
    await bell.item(second!).click();
    const cancelled = bell.messageDialog(second!);
    await cancelled.cancel.click();
    await expect(cancelled.dialog).toBeHidden();
    await bell.topBar.expectUnread(2);

    // Open → Excluir → Não: still there; → Sim: gone.
    await bell.item(second!).click();
    await cancelled.remove.click();
    await expect(bell.confirmation).toContainText('Deseja excluir esta mensagem?');
    await bell.confirmNo.click();
    await expect(bell.confirmation).toBeHidden();
    // Back to the opened message, which is still there.
    await expect(cancelled.dialog).toBeVisible();
    await cancelled.cancel.click();
    await expect(cancelled.dialog).toBeHidden();
    await expect(bell.item(second!)).toHaveCount(1);

    await bell.item(second!).click();
    await cancelled.remove.click();
    await bell.confirm('Deseja excluir esta mensagem?');
    await expect(cancelled.dialog).toBeHidden();
    await expect(bell.item(second!)).toHaveCount(0);
    await expect(bell.items).toHaveCount(2);
    await bell.topBar.expectUnread(1);

    // The server kept both changes.
    await page.reload();
    await bell.topBar.expectUnread(1);
    await bell.open();
    await expect(bell.items).toHaveCount(2);
    await expect(bell.item(third!)).toContainText('Não lida');
  });

  test('mark all read and delete all ask first, then empty the bell', async ({
    page,
    signIn,
    freshUser,
    adminSession,
  }) => {
    const user = await freshUser();
    for (const name of ['Um', 'Dois']) {
      await adminSession.sendMessage({ title: uniqueTitle(name), messageText: name, userIds: [user.id] });
    }
    await signIn(user);
    const bell = new MessagesPopup(page);
    await bell.topBar.expectUnread(2);
    await bell.open();

    await bell.markAllRead.click();
    await bell.confirm('Deseja marcar todas as mensagens como lidas?');
    await bell.topBar.expectUnread(0);
    await expect(bell.topBar.bellBadge).toBeHidden();
    await expect(bell.list.getByText('Não lida')).toHaveCount(0);
    await expect(bell.markAllRead).toBeDisabled();

    await bell.deleteAll.click();
    await expect(bell.confirmation).toContainText('Deseja excluir todas as mensagens?');
    await bell.confirmNo.click();
    await expect(bell.items).toHaveCount(2);
    await bell.deleteAll.click();
    await bell.confirm('Deseja excluir todas as mensagens?');
    await expect(bell.empty).toBeVisible();
    await expect(bell.deleteAll).toBeDisabled();

    await page.reload();
    await bell.topBar.expectUnread(0);
    await bell.open();
    await expect(bell.empty).toBeVisible();
  });
});
