import { TERMS_PDF_MAX_BYTES, type TermsVersion } from '@der/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { termsAcceptances, termsOfUse } from '../sessions/sessions.table.ts';
import type { TermsService } from '../sessions/terms.service.ts';

export interface AdminActor {
  userId: number;
  ip: string;
}

const NOT_A_PDF = [{ field: 'body.contentBase64', message: 'invalidValue' }];

/** The bytes of a base64 upload (a `data:application/pdf;base64,` prefix is accepted); null if not base64. */
export function decodeBase64Upload(text: string): Buffer | null {
  const payload = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) return null;
  return Buffer.from(payload, 'base64');
}

/** Checked by content, not by name or declared type: `%PDF-` at the start and a document pdf-lib can parse. */
export async function isParsablePdf(bytes: Uint8Array): Promise<boolean> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return false;
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

export function createAdminTermsService(deps: { db: Db; terms: TermsService; audit: AuditService }) {
  const { db } = deps;

  async function list(): Promise<TermsVersion[]> {
    const acceptances = db
      .select({ version: termsAcceptances.version, total: count().as('total') })
      .from(termsAcceptances)
      .groupBy(termsAcceptances.version)
      .as('acceptances');
    const rows = await db
      .select({
        version: termsOfUse.version,
        fileName: termsOfUse.fileName,
        publishedAt: termsOfUse.publishedAt,
        // Decoded size from the base64 length, without reading the documents.
        sizeBytes: sql<number>`(length(${termsOfUse.content}) / 4 * 3 - (length(${termsOfUse.content}) - length(rtrim(${termsOfUse.content}, '='))))::int`,
        acceptances: sql<number>`coalesce(${acceptances.total}, 0)::int`,
      })
      .from(termsOfUse)
      .leftJoin(acceptances, eq(acceptances.version, termsOfUse.version))
      .orderBy(desc(termsOfUse.version));
    const current = rows[0]?.version;
    return rows.map((row) => ({
      ...row,
      publishedAt: row.publishedAt.toISOString(),
      sizeBytes: Number(row.sizeBytes),
      acceptances: Number(row.acceptances),
      current: row.version === current,
    }));
  }

  return {
    list,

    async publish(
      body: { fileName: string; contentBase64: string },
      actor: AdminActor,
    ): Promise<TermsVersion> {
      const bytes = decodeBase64Upload(body.contentBase64);
      if (!bytes) throw new AppError('VALIDATION_FAILED', NOT_A_PDF);
      if (bytes.byteLength > TERMS_PDF_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      if (!(await isParsablePdf(bytes))) throw new AppError('VALIDATION_FAILED', NOT_A_PDF);
      const { version } = await deps.terms.publish(bytes);
      await deps.audit.append(db, {
        action: 'admin.terms.published',
        actorUserId: actor.userId,
        ip: actor.ip,
        target: `terms:${version}`,
        details: { version, uploadedFileName: body.fileName.slice(0, 255), sizeBytes: bytes.byteLength },
      });
      const published = (await list()).find((row) => row.version === version);
      if (!published) throw new AppError('NOT_FOUND');
      return published;
    },

    async download(version: number): Promise<{ fileName: string; pdf: Buffer }> {
      const [row] = await db
        .select({ fileName: termsOfUse.fileName, content: termsOfUse.content })
        .from(termsOfUse)
        .where(eq(termsOfUse.version, version));
      if (!row) throw new AppError('NOT_FOUND');
      return { fileName: row.fileName, pdf: Buffer.from(row.content, 'base64') };
    },
  };
}
export type AdminTermsService = ReturnType<typeof createAdminTermsService>;
