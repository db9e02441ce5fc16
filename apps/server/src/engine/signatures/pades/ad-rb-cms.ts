import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  AD_RB_POLICY_HASH_SHA256_HEX,
  AD_RB_POLICY_OID,
  AD_RB_POLICY_URI,
  OID,
} from './icp-brasil-policy.ts';
import type { SigningCredentials } from './pkcs12.ts';

// PKI.js over Node's WebCrypto (set once; PKI.js keeps one engine per process).
pkijs.setEngine(
  'node-webcrypto',
  new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto as never }),
);

const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });

/** signing-certificate-v2 (RFC 5035): the signer certificate's SHA-256 and issuer/serial. */
function signingCertificateV2(certificate: pkijs.Certificate, certificateDer: Uint8Array): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({
        names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
      }).toSchema(),
      certificate.serialNumber,
    ],
  });
  // ESSCertIDv2.hashAlgorithm DEFAULTs to SHA-256, so DER leaves it out.
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: createHash('sha256').update(certificateDer).digest() }),
      issuerSerial,
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** signature-policy-identifier (RFC 5126 §5.8.1) naming PA_PAdES_AD_RB v1.3 with its hash and URI. */
function signaturePolicyIdentifier(): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: AD_RB_POLICY_OID }),
      new asn1js.Sequence({
        value: [
          sha256Algorithm().toSchema(),
          new asn1js.OctetString({ valueHex: Buffer.from(AD_RB_POLICY_HASH_SHA256_HEX, 'hex') }),
        ],
      }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.ObjectIdentifier({ value: OID.policyQualifierUri }),
              new asn1js.IA5String({ value: AD_RB_POLICY_URI }),
            ],
          }),
        ],
      }),
    ],
  });
}

/**
 * A detached CMS SignedData over `content` (the PDF's byte ranges) in ICP-Brasil's AD-RB profile: SHA-256,
 * RSA, and the signed attributes content-type, message-digest, signing-certificate-v2 and
 * signature-policy-identifier — no signing-time (the PDF's /M carries the time, as PAdES wants, and ITI's
 * 'Verificador de Conformidade' refuses the attribute). Answers the DER of the ContentInfo.
 */
export async function buildAdRbCms(
  content: Uint8Array,
  credentials: SigningCredentials,
): Promise<Uint8Array> {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(credentials.certificateDer));
  const chain = credentials.chainDer.map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));
  const digest = createHash('sha256').update(content).digest();

  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.data })],
    }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
    new pkijs.Attribute({
      type: OID.signingCertificateV2,
      values: [signingCertificateV2(certificate, credentials.certificateDer)],
    }),
    new pkijs.Attribute({ type: OID.signaturePolicyIdentifier, values: [signaturePolicyIdentifier()] }),
  ];
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: [certificate, ...chain],
  });
  // The key is WebCrypto's; PKI.js names the DOM type (the same object at run time).
  await signedData.sign(credentials.privateKey as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
