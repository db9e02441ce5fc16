import { requerenteRoutes } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { formatAetNumber, type IssuedAetDocument } from '../documents/aet-document.ts';
import type { AetRepo, IssuedAetRow } from './aet.repo.ts';
import { renderIssuedAetPdf } from './issued-aet-pdf.ts';

/** The API address of an AET's public PDF: what validarAET answers as `fileName`. */
export function aetPdfPath(uid: string): string {
  return `/api${requerenteRoutes.aetPdf.path}?uid=${encodeURIComponent(uid)}`;
}

/** First and last instant of a `YYYY-MM-DD` day in America/Sao_Paulo (UTC−3 all year since 2019). */
export function saoPauloDayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000-03:00`);
}
export function saoPauloDayEnd(day: string): Date {
  return new Date(`${day}T23:59:59.999-03:00`);
}

/** Only a vigente AET inside its dates is valid: an expired, suspended or cancelled one is not. */
export function isAetValid(
  aet: Pick<IssuedAetRow, 'status' | 'validFrom' | 'validUntil'>,
  now: Date,
): boolean {
  return (
    aet.status === 'vigente' &&
    aet.validFrom.getTime() <= now.getTime() &&
    now.getTime() <= aet.validUntil.getTime()
  );
}

/** The department's A1 (engine/signatures): signs the AET PDF when an administrator has set one. */
export interface AetSigner {
  loadDepartment(): Promise<unknown | null>;
  signWithDepartmentCertificate(
    pdf: Uint8Array,
    details: { reason: string; location: string; fileName?: string },
  ): Promise<{ pdf: Uint8Array } | null>;
}

export function createAetService(deps: {
  db: Db;
  repo: AetRepo;
  publicUrl: string;
  now: () => Date;
  signer?: AetSigner;
}) {
  return {
    /**
     * Public validation by the QR code's random uid (spec §3 "AET validation result"). An unknown uid is not
     * an error: the page says 'A AET nao foi encontrada!'. A known but no longer valid AET keeps its PDF
     * address, so whoever checks it can still see what was issued.
     */
    async validate(uid: string): Promise<{ valid: boolean; fileName: string }> {
      const aet = await deps.repo.findByUid(deps.db, uid);
      if (!aet) return { valid: false, fileName: '' };
      return { valid: isAetValid(aet, deps.now()), fileName: aetPdfPath(aet.uid) };
    },

    /**
     * The issued document as a PDF for the public page, personal data masked (LGPD), rendered from the data
     * stored at issue time. The stored original (pdf_base64) is the unmasked copy of the requerente.
     */
    async renderPublicPdf(uid: string): Promise<{ fileName: string; pdf: Uint8Array }> {
      const aet = await deps.repo.findByUid(deps.db, uid);
      if (!aet) throw new AppError('NOT_FOUND');
      const document = aet.document as unknown as IssuedAetDocument;
      const fileName = `AET-${formatAetNumber(aet).replace('/', '-')}.pdf`;
      // Drawn by the AET definition's print layout (the department edits it without code).
      const render = async (signed: boolean) =>
        (
          await renderIssuedAetPdf(deps.db, document, {
            publicUrl: deps.publicUrl,
            maskPersonalData: true,
            signed,
          })
        ).pdf;
      // Signed with the department's A1 when one is set; otherwise the PDF does not claim a signature.
      if (deps.signer && (await deps.signer.loadDepartment())) {
        const signed = await deps.signer.signWithDepartmentCertificate(await render(true), {
          reason: `Autorização Especial de Trânsito nº ${formatAetNumber(aet)}`,
          location: 'DER',
          fileName,
        });
        if (signed) return { fileName, pdf: signed.pdf };
      }
      return { fileName, pdf: await render(false) };
    },
  };
}
export type AetService = ReturnType<typeof createAetService>;
