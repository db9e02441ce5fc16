/**
 * ICP-Brasil's PAdES AD-RB signature policy, version 1.3 (DOC-ICP-15.03), referenced by every signature this
 * product makes through the signature-policy-identifier signed attribute.
 *
 * Where the hash comes from: the SHA-256 of the policy file PA_PAdES_AD_RB_v1_3.der as listed in ITI's
 * list of approved PAdES policies (LPA_PAdES.der, http://politicas.icpbrasil.gov.br/LPA_PAdES.der). It was
 * taken on 2026-11-25 from a public verifier's registry that records the LPA's values (checked there against
 * the policy files on 2026-09-12), not read from the LPA by this project. BEFORE PRODUCTION it must be
 * checked against ITI's published policy file: download PA_PAdES_AD_RB_v1_3.der from the URI below, run
 * `sha256sum` on it and compare with POLICY_HASH_SHA256_HEX; a wrong hash makes ITI's 'Verificador de
 * Conformidade' refuse every signature.
 */
export const AD_RB_POLICY_OID = '2.16.76.1.7.1.11.1.3';
export const AD_RB_POLICY_URI = 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der';
export const AD_RB_POLICY_HASH_SHA256_HEX =
  '23da544aef71f7a75dc85fa6e17a83875741e4baef41ec178258a5c86ace54dd';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicyIdentifier: '1.2.840.113549.1.9.16.2.15',
  /** id-spq-ets-uri: a signature policy qualifier holding the policy's URI. */
  policyQualifierUri: '1.2.840.113549.1.9.16.5.1',
} as const;

/** The signed attributes of an AD-RB signature, exactly these and in this order (no signing-time). */
export const AD_RB_SIGNED_ATTRIBUTES = [
  OID.contentType,
  OID.messageDigest,
  OID.signingCertificateV2,
  OID.signaturePolicyIdentifier,
] as const;
