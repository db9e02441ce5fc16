import type { CertificateInfo } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import { type CertificateSummary, maskCpf } from './pades/certificate-summary.ts';
import { openPkcs12, type SigningCredentials } from './pades/pkcs12.ts';
import { type SignedPdf, signPdfWith } from './pades/sign-pdf.ts';
import { departmentSigningCertificate, userSigningCertificates } from './signatures.table.ts';

const userContext = (userId: number) => `signing-certificate:user:${userId}`;
const DEPARTMENT_CONTEXT = 'signing-certificate:department';

interface CertificateColumns {
  subject: string;
  issuer: string;
  serialNumber: string;
  cpfMasked: string | null;
  notBefore: Date;
  notAfter: Date;
}

function columnsOf(summary: CertificateSummary): CertificateColumns {
  return {
    subject: summary.subject,
    issuer: summary.issuer,
    serialNumber: summary.serialNumber,
    cpfMasked: maskCpf(summary.cpf),
    notBefore: summary.notBefore,
    notAfter: summary.notAfter,
  };
}

export function certificateInfo(row: CertificateColumns): CertificateInfo {
  return {
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serialNumber,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
    cpfMasked: row.cpfMasked,
  };
}

/** Opens an uploaded A1 to check it (password, key, validity now) before keeping it. */
async function checkedCredentials(p12: Uint8Array, password: string, now: Date): Promise<SigningCredentials> {
  const credentials = await openPkcs12(p12, password);
  if (credentials.summary.notAfter < now) {
    throw errorWithParams('SIGNATURE_CERTIFICATE_EXPIRED', {
      notAfter: credentials.summary.notAfter.toISOString().slice(0, 10),
    });
  }
  return credentials;
}

/**
 * The A1 certificates the product signs with: each user's own (kept sealed; opened with the password they
 * type at each signature, which is never stored) and the department's (set by an administrator; sealed with
 * its password so the workflow can sign what it issues unattended).
 */
export function createSigningCertificates(deps: { db: Db; secretBox: SecretBox; now: () => Date }) {
  const { db, secretBox, now } = deps;

  async function loadMine(userId: number): Promise<CertificateInfo | null> {
    const [row] = await db
      .select()
      .from(userSigningCertificates)
      .where(eq(userSigningCertificates.userId, userId));
    return row ? certificateInfo(row) : null;
  }

  async function keepMine(userId: number, p12: Uint8Array, summary: CertificateSummary, tx: Db = db) {
    const values = {
      sealedPkcs12: secretBox.seal(Buffer.from(p12).toString('base64'), userContext(userId)),
      ...columnsOf(summary),
      savedAt: now(),
    };
    await tx
      .insert(userSigningCertificates)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userSigningCertificates.userId, set: values });
  }

  async function saveMine(userId: number, body: { certificate: string; password: string }) {
    const p12 = Buffer.from(body.certificate, 'base64');
    const credentials = await checkedCredentials(p12, body.password, now());
    await keepMine(userId, p12, credentials.summary);
    return loadMine(userId);
  }

  async function removeMine(userId: number) {
    await db.delete(userSigningCertificates).where(eq(userSigningCertificates.userId, userId));
  }

  /** The signer's credentials: the certificate sent with the call, else the kept one (else 409). */
  async function signerCredentials(
    userId: number,
    password: string,
    uploaded: Uint8Array | undefined,
  ): Promise<SigningCredentials> {
    if (uploaded) return checkedCredentials(uploaded, password, now());
    const [row] = await db
      .select({ sealed: userSigningCertificates.sealedPkcs12 })
      .from(userSigningCertificates)
      .where(eq(userSigningCertificates.userId, userId));
    if (!row)
      throw new AppError('SIGNATURE_CERTIFICATE_MISSING', [{ field: 'body.certificate', message: '' }]);
    return checkedCredentials(
      Buffer.from(secretBox.open(row.sealed, userContext(userId)), 'base64'),
      password,
      now(),
    );
  }

  async function loadDepartment(): Promise<CertificateInfo | null> {
    const [row] = await db.select().from(departmentSigningCertificate).limit(1);
    return row ? certificateInfo(row) : null;
  }

  async function saveDepartment(adminId: number, body: { certificate: string; password: string }) {
    const p12 = Buffer.from(body.certificate, 'base64');
    const credentials = await checkedCredentials(p12, body.password, now());
    const values = {
      sealedCredentials: secretBox.seal(
        JSON.stringify({ p12: body.certificate, password: body.password }),
        DEPARTMENT_CONTEXT,
      ),
      ...columnsOf(credentials.summary),
      savedBy: adminId,
      savedAt: now(),
    };
    await db
      .insert(departmentSigningCertificate)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: departmentSigningCertificate.id, set: values });
    return loadDepartment();
  }

  async function removeDepartment() {
    await db.delete(departmentSigningCertificate);
  }

  async function departmentCredentials(): Promise<SigningCredentials | null> {
    const [row] = await db
      .select({ sealed: departmentSigningCertificate.sealedCredentials })
      .from(departmentSigningCertificate)
      .limit(1);
    if (!row) return null;
    const { p12, password } = JSON.parse(secretBox.open(row.sealed, DEPARTMENT_CONTEXT)) as {
      p12: string;
      password: string;
    };
    return openPkcs12(Buffer.from(p12, 'base64'), password);
  }

  /**
   * Signs a PDF the workflow issues with the department's A1 (for the documents issue and the AET PDF).
   * Null when no department certificate is set: the caller then issues the document unsigned and must not
   * claim a signature.
   */
  async function signWithDepartmentCertificate(
    pdf: Uint8Array,
    details: { reason: string; location: string; fileName?: string },
  ): Promise<SignedPdf | null> {
    const credentials = await departmentCredentials();
    if (!credentials) return null;
    return signPdfWith(pdf, credentials, { ...details, signedAt: now() });
  }

  return {
    loadMine,
    keepMine,
    saveMine,
    removeMine,
    signerCredentials,
    loadDepartment,
    saveDepartment,
    removeDepartment,
    signWithDepartmentCertificate,
  };
}
export type SigningCertificates = ReturnType<typeof createSigningCertificates>;
