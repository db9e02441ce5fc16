import { requerenteRoutes, type ValidarAetResult } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { aetSituation, validityDays } from './aet-validity.ts';
import { findIssuedAetByUid } from './issued-aet.repo.ts';
import { publicRequerente } from './mask-requerente.ts';
import { type AetSigner, renderPublicAetPdf } from './public-aet-pdf.ts';

/** The API address of an AET's public PDF: what validarAET answers as `fileName`. */
export function aetPdfPath(uid: string): string {
  return `/api${requerenteRoutes.aetPdf.path}?uid=${encodeURIComponent(uid)}`;
}

const NOT_FOUND: ValidarAetResult = {
  valid: false,
  fileName: '',
  situation: null,
  number: null,
  validFrom: null,
  validUntil: null,
  reason: null,
  requerente: null,
};

/** Reasons are the department's: shown for a suspension or a cancellation only. */
const SITUATIONS_WITH_REASON = new Set(['suspensa', 'cancelada']);

export function createAetService(deps: { db: Db; publicUrl: string; now: () => Date; signer?: AetSigner }) {
  return {
    /**
     * Public validation by the QR code's random uid (spec §3 "AET validation result"), answered from the issued
     * request itself. An unknown uid is not an error: the page says 'A AET nao foi encontrada!'. A known AET that
     * is not vigente keeps its PDF address, so whoever checks it sees what was issued and why it is not valid.
     */
    async validate(uid: string): Promise<ValidarAetResult> {
      const aet = await findIssuedAetByUid(deps.db, uid);
      if (!aet) return NOT_FOUND;
      const data = aet.issuing.data;
      const days = validityDays(data);
      const situation = aetSituation(aet.item.status, days, deps.now());
      return {
        valid: situation === 'vigente',
        fileName: aetPdfPath(uid),
        situation,
        number: typeof data.numeroAet === 'string' ? data.numeroAet : aet.issuing.formattedId,
        ...days,
        reason: SITUATIONS_WITH_REASON.has(situation) ? aet.item.reason : null,
        requerente: publicRequerente(String(data.requerenteNome ?? ''), String(data.requerenteCpfCnpj ?? '')),
      };
    },

    /** The issued AET's public copy (personal data masked, signed like the original); 404 for an unknown uid. */
    async renderPublicPdf(uid: string): Promise<{ fileName: string; pdf: Uint8Array }> {
      const aet = await findIssuedAetByUid(deps.db, uid);
      if (!aet) throw new AppError('NOT_FOUND');
      return renderPublicAetPdf(deps.db, aet, { publicUrl: deps.publicUrl, signer: deps.signer });
    },
  };
}
export type AetService = ReturnType<typeof createAetService>;
