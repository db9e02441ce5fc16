import type * as asn1js from 'asn1js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../infra/http/app-error.ts';
import { pdfsig, samplePdf, signatureContents } from '../testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../testing/test-pki.ts';
import {
  AD_RB_POLICY_HASH_SHA256_HEX,
  AD_RB_POLICY_OID,
  AD_RB_SIGNED_ATTRIBUTES,
  OID,
} from './icp-brasil-policy.ts';
import { signPdf } from './sign-pdf.ts';

let pki: TestPki;
let nssDir: string;
beforeAll(() => {
  pki = makeTestPki();
  nssDir = pki.nssDir();
});
afterAll(() => pki.cleanup());

const details = { reason: 'Aprovação do projeto', location: 'São Paulo, SP' };

function countOf(report: string, text: string) {
  return report.split(text).length - 1;
}

describe('signPdf (PAdES AD-RB)', () => {
  it('makes a signature pdfsig finds valid and trusted, with the reason and location given', async () => {
    const signed = await signPdf(await samplePdf(), { ...details, p12: pki.p12, password: pki.password });
    const report = pdfsig(signed.pdf, nssDir);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('SHA-256');
    expect(signed.signer.cpf).toBe(pki.cpf);
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The first signature certifies with DocMDP P=2, so co-signatures stay permitted.
    expect(Buffer.from(signed.pdf).toString('latin1')).toMatch(/\/TransformMethod \/DocMDP[\s\S]*\/P 2/);
  });

  // A co-signer's A1. (The same certificate signing twice is valid too, but poppler 22's NSS path then reports
  // 'Unknown issue with Certificate' for the second one on some files: a verifier quirk, not the signature's.)
  it('keeps the first signature valid when a second signer adds one (incremental update)', async () => {
    const first = await signPdf(await samplePdf(), { ...details, p12: pki.p12, password: pki.password });
    const second = await signPdf(first.pdf, {
      reason: 'Ciente',
      location: 'DER',
      p12: pki.secondP12,
      password: pki.password,
    });
    expect(second.signer.cpf).toBe(pki.secondCpf);
    expect(
      second.pdf.subarray(0, first.pdf.length - 1).equals(first.pdf.subarray(0, first.pdf.length - 1)),
    ).toBe(true);
    const report = pdfsig(second.pdf, nssDir);
    expect(countOf(report, 'Signature is Valid'), report).toBe(2);
    expect(countOf(report, 'Certificate is Trusted'), report).toBe(2);
    expect(report).toContain('Total document signed');
  });

  it('opens an A1 in the legacy PKCS#12 form (3DES) too', async () => {
    const signed = await signPdf(await samplePdf(1), {
      ...details,
      p12: pki.legacyP12,
      password: pki.password,
    });
    expect(pdfsig(signed.pdf, nssDir)).toContain('Certificate is Trusted');
  });

  it('signs with exactly content-type, message-digest, signing-certificate-v2 and the AD-RB policy', async () => {
    const signed = await signPdf(await samplePdf(1), { ...details, p12: pki.p12, password: pki.password });
    const [cms] = signatureContents(signed.pdf);
    const signer = cms?.signerInfos[0];
    const types = signer?.signedAttrs?.attributes.map((attribute) => attribute.type);
    expect(types).toEqual([...AD_RB_SIGNED_ATTRIBUTES]);
    expect(types).not.toContain(OID.signingTime);
    expect(signer?.digestAlgorithm.algorithmId).toBe(OID.sha256);
    const policy = signer?.signedAttrs?.attributes.find((a) => a.type === OID.signaturePolicyIdentifier)
      ?.values[0] as asn1js.Sequence;
    const [oid, hash] = policy.valueBlock.value as [asn1js.ObjectIdentifier, asn1js.Sequence];
    expect(oid.valueBlock.toString()).toBe(AD_RB_POLICY_OID);
    const hashValue = hash.valueBlock.value[1] as asn1js.OctetString;
    expect(Buffer.from(hashValue.valueBlock.valueHexView).toString('hex')).toBe(AD_RB_POLICY_HASH_SHA256_HEX);
    // The chain travels with the signature so verifiers can build the path to the root.
    expect(cms?.certificates?.length).toBe(2);
  });

  it('is invalid once one signed byte changes', async () => {
    const signed = await signPdf(await samplePdf(1), { ...details, p12: pki.p12, password: pki.password });
    const tampered = Buffer.from(signed.pdf);
    const at = tampered.indexOf('(D:20') + 3;
    tampered[at] = tampered[at] === 0x32 ? 0x33 : 0x32;
    const report = pdfsig(tampered, nssDir);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('refuses a wrong password naming the password field, without a 500', async () => {
    const attempt = signPdf(await samplePdf(1), { ...details, p12: pki.p12, password: 'errada' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'SIGNATURE_CERTIFICATE_PASSWORD_WRONG',
      statusCode: 400,
      details: [{ field: 'body.password' }],
    });
  });

  it('refuses a file that is not a PKCS#12, one that is not a PDF, and a signature out of the validity', async () => {
    await expect(
      signPdf(await samplePdf(1), { ...details, p12: Buffer.from('not a certificate'), password: 'x' }),
    ).rejects.toMatchObject({ code: 'SIGNATURE_CERTIFICATE_INVALID' });
    await expect(
      signPdf(Buffer.from('just text'), { ...details, p12: pki.p12, password: pki.password }),
    ).rejects.toMatchObject({ code: 'SIGNATURE_NOT_PDF' });
    const later = new Date(Date.now() + 3 * 365 * 24 * 3600 * 1000);
    await expect(
      signPdf(await samplePdf(1), { ...details, signedAt: later, p12: pki.p12, password: pki.password }),
    ).rejects.toMatchObject({ code: 'SIGNATURE_CERTIFICATE_EXPIRED' });
  });
});
