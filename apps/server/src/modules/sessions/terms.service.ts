import { readFile } from 'node:fs/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { SHIPPED_TERMS_OF_USE } from '../documents/terms-of-use.ts';
import { assertCanStoreBytes } from '../plan/plan-guards.ts';
import { termsAcceptances, termsOfUse } from './sessions.table.ts';

export interface TermsDocument {
  version: number;
  fileName: string;
  pdf: Buffer;
}

// Any constant: it only serialises publications, so two admins cannot both create version n + 1.
const TERMS_PUBLISH_LOCK = 4_242_002;

function termsFileName(version: number): string {
  return `termos-de-uso-v${version}.pdf`;
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export function createTermsService(deps: { db: Db; now: () => Date; shippedPdfPath?: string }) {
  const { db } = deps;

  async function currentVersion(tx: Db = db): Promise<number | null> {
    const [row] = await tx
      .select({ version: sql<number | null>`max(${termsOfUse.version})` })
      .from(termsOfUse);
    return row?.version ?? null;
  }

  return {
    currentVersion,

    /**
     * Seeds the shipped terms as version 1 when no version exists. A required row (the login flow needs a
     * current version), so it runs at every start, with or without demo data. Idempotent.
     */
    async ensure(): Promise<boolean> {
      if ((await currentVersion()) !== null) return false;
      const pdf = await readFile(deps.shippedPdfPath ?? SHIPPED_TERMS_OF_USE.path);
      const inserted = await db
        .insert(termsOfUse)
        .values({
          version: SHIPPED_TERMS_OF_USE.version,
          fileName: termsFileName(SHIPPED_TERMS_OF_USE.version),
          content: pdf.toString('base64'),
          publishedAt: SHIPPED_TERMS_OF_USE.publishedAt,
        })
        .onConflictDoNothing({ target: termsOfUse.version })
        .returning({ version: termsOfUse.version });
      return inserted.length > 0;
    },

    async getCurrentOrThrow(): Promise<TermsDocument> {
      const [row] = await db.select().from(termsOfUse).orderBy(desc(termsOfUse.version)).limit(1);
      if (!row) throw new AppError('NOT_FOUND');
      return { version: row.version, fileName: row.fileName, pdf: Buffer.from(row.content, 'base64') };
    },

    /**
     * Publishes a new version (administration area). Every user must accept it again: acceptances are per
     * version and the session check looks at the highest one.
     */
    async publish(pdfBytes: Uint8Array): Promise<{ version: number }> {
      if (!isPdf(pdfBytes))
        throw new AppError('VALIDATION_FAILED', [{ field: 'body', message: 'invalidValue' }]);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TERMS_PUBLISH_LOCK})`);
        // The PDF is stored: it counts against the contracted plan's storage (409 PLAN_LIMIT_REACHED).
        await assertCanStoreBytes(tx as unknown as Db, pdfBytes.byteLength);
        const version = ((await currentVersion(tx as unknown as Db)) ?? 0) + 1;
        await tx.insert(termsOfUse).values({
          version,
          fileName: termsFileName(version),
          content: Buffer.from(pdfBytes).toString('base64'),
          publishedAt: deps.now(),
        });
        return { version };
      });
    },

    async hasAccepted(userId: number, tx: Db = db): Promise<boolean> {
      const version = await currentVersion(tx);
      if (version === null) return false;
      const [row] = await tx
        .select({ id: termsAcceptances.id })
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.version, version)))
        .limit(1);
      return row !== undefined;
    },

    /** Records the acceptance of the current version; the version accepted. */
    async recordAcceptance(
      tx: Db,
      input: { userId: number; ip: string; browserInfo: string },
    ): Promise<number> {
      const version = await currentVersion(tx);
      if (version === null) throw new AppError('NOT_FOUND');
      await tx.insert(termsAcceptances).values({
        userId: input.userId,
        version,
        acceptedAt: deps.now(),
        ip: input.ip,
        browserInfo: input.browserInfo.slice(0, 1000),
      });
      return version;
    },
  };
}
export type TermsService = ReturnType<typeof createTermsService>;
