import { webcrypto } from 'node:crypto';
import forge from 'node-forge';
import { AppError } from '../../../infra/http/app-error.ts';
import { type CertificateSummary, summarizeCertificate } from './certificate-summary.ts';

/**
 * An A1 certificate opened from its PKCS#12 (.pfx/.p12) file: the signer's certificate, the CA certificates
 * that came with it, and the private key as a non-extractable WebCrypto key (RSA PKCS#1 v1.5 with SHA-256,
 * the algorithm ICP-Brasil A1 keys sign with).
 *
 * node-forge opens the file because real ICP-Brasil A1 files are often still in the legacy form (3DES/RC2
 * key bags) that WebCrypto, and so PKI.js, cannot decrypt; everything after that is PKI.js/WebCrypto.
 */
export interface SigningCredentials {
  certificateDer: Uint8Array;
  chainDer: Uint8Array[];
  privateKey: webcrypto.CryptoKey;
  summary: CertificateSummary;
}

/** The password field's name on the calls that take one: the error names it so the form can mark it. */
export const PASSWORD_FIELD = 'body.password';
export const CERTIFICATE_FIELD = 'body.certificate';

// PKCS#12 bag types (RFC 7292 §4.2).
const KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';

function fieldError(
  code: 'SIGNATURE_CERTIFICATE_PASSWORD_WRONG' | 'SIGNATURE_CERTIFICATE_INVALID',
  field: string,
) {
  return new AppError(code, [{ field, message: code }]);
}

function toBytes(binary: string): Uint8Array {
  return new Uint8Array(Buffer.from(binary, 'binary'));
}

function openPfx(p12: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  } catch {
    throw fieldError('SIGNATURE_CERTIFICATE_INVALID', CERTIFICATE_FIELD);
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "MAC could not be verified. Invalid password?" or "Unable to decrypt …, wrong password?";
    // any other failure is a file that is not a PKCS#12 we can read.
    const message = error instanceof Error ? error.message : '';
    if (/password/i.test(message)) throw fieldError('SIGNATURE_CERTIFICATE_PASSWORD_WRONG', PASSWORD_FIELD);
    throw fieldError('SIGNATURE_CERTIFICATE_INVALID', CERTIFICATE_FIELD);
  }
}

export async function openPkcs12(p12: Uint8Array, password: string): Promise<SigningCredentials> {
  const pfx = openPfx(p12, password);
  const bags = (type: string): forge.pkcs12.Bag[] => pfx.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(SHROUDED_KEY_BAG), ...bags(KEY_BAG)];
  const certBags = bags(CERT_BAG);
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (!key || certificates.length === 0) throw fieldError('SIGNATURE_CERTIFICATE_INVALID', CERTIFICATE_FIELD);

  const own = certificates.find((cert: forge.pki.Certificate) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw fieldError('SIGNATURE_CERTIFICATE_INVALID', CERTIFICATE_FIELD);
  const der = (cert: forge.pki.Certificate) =>
    toBytes(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes());

  const pkcs8 = toBytes(
    forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes(),
  );
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    pkcs8,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  pkcs8.fill(0);
  const certificateDer = der(own);
  return {
    certificateDer,
    chainDer: certificates.filter((cert: forge.pki.Certificate) => cert !== own).map(der),
    privateKey,
    summary: summarizeCertificate(certificateDer),
  };
}
