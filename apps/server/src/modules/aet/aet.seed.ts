import { eq } from 'drizzle-orm';
import { randomToken } from '../../infra/crypto/tokens.ts';
import type { Db } from '../../infra/db/database.ts';
import { DEMO_REQUERENTE_LOGIN } from '../../seed/demo-accounts.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { users } from '../accounts/accounts.table.ts';
import { aetValidationUrl, buildDemoAet } from '../documents/aet-document.ts';
import { createAetRepo } from './aet.repo.ts';
import { saoPauloDayEnd, saoPauloDayStart } from './aet.service.ts';
import { renderIssuedAetPdf } from './issued-aet-pdf.ts';

/** The demo AET is valid from its issue day for this many days. */
export const DEMO_AET_VALID_DAYS = 180;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * One issued, vigente AET of the demo requerente, so the public validation page has something to show. Its
 * uid is a fresh 128-bit random token (never the sequential number), so the address is logged once here.
 */
export async function seedDemoAet(tx: Db, context: SeedContext): Promise<void> {
  const [requerente] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.login, DEMO_REQUERENTE_LOGIN))
    .limit(1);
  const issuedAt = context.now();
  const uid = randomToken(16);
  const built = buildDemoAet(uid, issuedAt);
  const document = { ...built, validUntil: addDays(built.validFrom, DEMO_AET_VALID_DAYS) };
  // The stored original is the requerente's copy, unmasked; the public route renders a masked one.
  const { pdf } = await renderIssuedAetPdf(tx, document, {
    publicUrl: context.publicUrl,
    maskPersonalData: false,
    signed: false,
  });
  await createAetRepo().insert(tx, {
    uid,
    number: document.number,
    year: document.year,
    requerenteUserId: requerente?.id ?? null,
    status: 'vigente',
    validFrom: saoPauloDayStart(document.validFrom),
    validUntil: saoPauloDayEnd(document.validUntil),
    document: document as unknown as Record<string, unknown>,
    pdfBase64: Buffer.from(pdf).toString('base64'),
    issuedAt,
  });
  const url = aetValidationUrl(context.publicUrl, uid);
  context.log?.info({ url }, `demo AET issued: validate it at ${url}`);
}
