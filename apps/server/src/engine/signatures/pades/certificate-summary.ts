import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** What the product shows and records about a signing certificate (never its key). */
export interface CertificateSummary {
  subject: string;
  commonName: string;
  issuer: string;
  /** Hexadecimal, upper case, as certificate viewers show it. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** The holder's CPF (11 digits) when the certificate carries one (ICP-Brasil e-CPF/A1), else null. */
  cpf: string | null;
  sha256Fingerprint: string;
}

const NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
};
/** ICP-Brasil's otherName for a natural person's data (DOC-ICP-04): ddmmyyyy ‖ CPF(11) ‖ NIS ‖ RG ‖ issuer. */
const ICP_PERSON_DATA_OID = '2.16.76.1.3.1';
const SUBJECT_ALT_NAME_OID = '2.5.29.17';

function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((entry) => `${NAMES[entry.type] ?? entry.type}=${String(entry.value.valueBlock.value)}`)
    .reverse()
    .join(', ');
}

function commonNameOf(name: pkijs.RelativeDistinguishedNames): string {
  const entry = name.typesAndValues.find((item) => item.type === '2.5.4.3');
  return entry ? String(entry.value.valueBlock.value) : '';
}

/** The CPF from the SAN otherName 2.16.76.1.3.1, read from the raw extension (PKI.js leaves otherName opaque). */
function cpfFromAltName(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((item) => item.extnID === SUBJECT_ALT_NAME_OID);
  if (!extension) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return null;
  for (const general of parsed.result.valueBlock.value) {
    if (general.idBlock.tagClass !== 3 || general.idBlock.tagNumber !== 0) continue;
    const parts = (general as asn1js.Constructed).valueBlock.value;
    const oid = parts[0];
    if (!(oid instanceof asn1js.ObjectIdentifier) || oid.valueBlock.toString() !== ICP_PERSON_DATA_OID)
      continue;
    const inner = (parts[1] as asn1js.Constructed | undefined)?.valueBlock.value?.[0] as
      | { valueBlock: { valueHexView?: Uint8Array } }
      | undefined;
    const bytes = inner?.valueBlock.valueHexView;
    if (!bytes) continue;
    const text = Buffer.from(bytes).toString('latin1');
    const cpf = text.slice(8, 19);
    if (/^\d{11}$/.test(cpf)) return cpf;
  }
  return null;
}

export function summarizeCertificate(der: Uint8Array): CertificateSummary {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(der));
  const commonName = commonNameOf(certificate.subject);
  // ICP-Brasil common names end in ':<CPF>' too; the SAN is the authoritative place.
  const cpfFromName = /:(\d{11})$/.exec(commonName)?.[1] ?? null;
  return {
    subject: nameText(certificate.subject),
    commonName,
    issuer: nameText(certificate.issuer),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    cpf: cpfFromAltName(certificate) ?? cpfFromName,
    sha256Fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}

/** '12345678909' → '***.456.789-**': the masking public pages use (the middle six digits only). */
export function maskCpf(cpf: string | null): string | null {
  if (!cpf || !/^\d{11}$/.test(cpf)) return null;
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/** A subject with any CPF in it masked (ICP-Brasil common names end in ':<CPF>'). */
export function maskSubject(subject: string): string {
  return subject.replace(
    /\b(\d{3})(\d{3})(\d{3})(\d{2})\b/g,
    (_m, _a, b: string, c: string) => `***${b}${c}**`,
  );
}
