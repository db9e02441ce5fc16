import type { Db } from '../../infra/db/database.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { users } from '../accounts/accounts.table.ts';
import { messages } from './messages.table.ts';

/** Demo step: a welcome message for every demo account (the bell of the top bar then has something to show). */
export async function seedDemoMessages(tx: Db, context: SeedContext): Promise<void> {
  const everyone = await tx.select({ id: users.id, name: users.name }).from(users);
  if (everyone.length === 0) return;
  await tx.insert(messages).values(
    everyone.map((user) => ({
      userId: user.id,
      title: 'Bem-vindo ao portal do DER',
      messageText:
        `Olá, ${user.name}! Esta é a sua caixa de mensagens: avisos sobre as suas solicitações e comunicados ` +
        'do DER chegam aqui. Abra uma mensagem e pressione OK para marcá-la como lida.',
      createdAt: context.now(),
    })),
  );
}
