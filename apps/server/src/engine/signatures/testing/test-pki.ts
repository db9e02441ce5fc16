import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throw-away PKI made with the `openssl` CLI at test time, shaped like ICP-Brasil's: a root CA, an
 * intermediate CA and an A1 end-entity certificate whose subject alternative name carries the holder's data
 * in the otherName 2.16.76.1.3.1 (birth date ddmmyyyy ‖ CPF ‖ NIS ‖ RG ‖ issuer, as DOC-ICP-04 lays it out).
 * Nothing of it is a real certificate: tests trust the root explicitly (pdfsig through an NSS database).
 */
export interface TestPki {
  dir: string;
  rootPem: string;
  intermediatePem: string;
  /** The A1 as a PKCS#12 (AES-256/PBKDF2, OpenSSL 3's default) sealed with `password`. */
  p12: Buffer;
  /** The same A1 in the legacy PKCS#12 form (3DES/RC2) real ICP-Brasil files often still use. */
  legacyP12: Buffer;
  /** A second person's A1 (same intermediate, CPF `secondCpf`, same password): a co-signer. */
  secondP12: Buffer;
  secondCpf: string;
  password: string;
  cpf: string;
  /** An NSS database directory trusting the root, for `pdfsig -nssdir`. */
  nssDir(): string;
  cleanup(): void;
}

export interface TestPkiOptions {
  commonName?: string;
  cpf?: string;
  password?: string;
  /** Days the A1 stays valid (tests of expiry sign at a later date instead: OpenSSL 3.0 cannot back-date). */
  validDays?: number;
}

function run(cwd: string, args: string[]) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function makeTestPki(options: TestPkiOptions = {}): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'der-test-pki-'));
  const cpf = options.cpf ?? '12345678909';
  const password = options.password ?? 'senha-do-a1';
  const commonName = options.commonName ?? 'FULANA DE TESTE';
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    [
      '[ca]',
      'basicConstraints=critical,CA:TRUE',
      'keyUsage=critical,keyCertSign,cRLSign',
      'subjectKeyIdentifier=hash',
      '[a1]',
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation,keyEncipherment',
      'extendedKeyUsage=clientAuth,emailProtection',
      `subjectAltName=otherName:2.16.76.1.3.1;OCTETSTRING:01011980${cpf}00000000000000000000000000SSPSP`,
      'authorityKeyIdentifier=keyid',
      '',
    ].join('\n'),
  );
  const o = (args: string[]) => run(dir, args);
  o([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '3650',
    '-subj',
    '/C=BR/O=ICP-Brasil Teste/CN=AC Raiz de Teste',
    '-extensions',
    'ca',
    '-config',
    'ext.cnf',
    '-sha256',
  ]);
  o([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'int.key',
    '-out',
    'int.csr',
    '-subj',
    '/C=BR/O=ICP-Brasil Teste/CN=AC Intermediaria de Teste',
  ]);
  o([
    'x509',
    '-req',
    '-in',
    'int.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-out',
    'int.pem',
    '-days',
    '3650',
    '-extfile',
    'ext.cnf',
    '-extensions',
    'ca',
    '-sha256',
  ]);
  o([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'a1.key',
    '-out',
    'a1.csr',
    '-subj',
    `/C=BR/O=ICP-Brasil Teste/OU=Certificado PF A1/CN=${commonName}:${cpf}`,
  ]);
  o([
    'x509',
    '-req',
    '-in',
    'a1.csr',
    '-CA',
    'int.pem',
    '-CAkey',
    'int.key',
    '-CAcreateserial',
    '-out',
    'a1.pem',
    '-days',
    String(options.validDays ?? 365),
    '-extfile',
    'ext.cnf',
    '-extensions',
    'a1',
    '-sha256',
  ]);
  writeFileSync(path.join(dir, 'chain.pem'), readFileSync(path.join(dir, 'int.pem')));
  o([
    'pkcs12',
    '-export',
    '-inkey',
    'a1.key',
    '-in',
    'a1.pem',
    '-certfile',
    'chain.pem',
    '-out',
    'a1.p12',
    '-passout',
    `pass:${password}`,
    '-name',
    commonName,
  ]);
  const secondCpf = '98765432100';
  o([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'b1.key',
    '-out',
    'b1.csr',
    '-subj',
    `/C=BR/O=ICP-Brasil Teste/OU=Certificado PF A1/CN=BELTRANO DE TESTE:${secondCpf}`,
  ]);
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    readFileSync(path.join(dir, 'ext.cnf'), 'utf8').replace(`01011980${cpf}`, `02021975${secondCpf}`),
  );
  o([
    'x509',
    '-req',
    '-in',
    'b1.csr',
    '-CA',
    'int.pem',
    '-CAkey',
    'int.key',
    '-CAcreateserial',
    '-out',
    'b1.pem',
    '-days',
    String(options.validDays ?? 365),
    '-extfile',
    'ext.cnf',
    '-extensions',
    'a1',
    '-sha256',
  ]);
  o([
    'pkcs12',
    '-export',
    '-inkey',
    'b1.key',
    '-in',
    'b1.pem',
    '-certfile',
    'chain.pem',
    '-out',
    'b1.p12',
    '-passout',
    `pass:${password}`,
    '-name',
    'BELTRANO DE TESTE',
  ]);
  o([
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    'a1.key',
    '-in',
    'a1.pem',
    '-certfile',
    'chain.pem',
    '-out',
    'a1-legacy.p12',
    '-passout',
    `pass:${password}`,
    '-name',
    commonName,
  ]);

  let nss: string | null = null;
  return {
    dir,
    rootPem: readFileSync(path.join(dir, 'root.pem'), 'utf8'),
    intermediatePem: readFileSync(path.join(dir, 'int.pem'), 'utf8'),
    p12: readFileSync(path.join(dir, 'a1.p12')),
    legacyP12: readFileSync(path.join(dir, 'a1-legacy.p12')),
    secondP12: readFileSync(path.join(dir, 'b1.p12')),
    secondCpf,
    password,
    cpf,
    nssDir() {
      if (nss) return nss;
      const nssPath = path.join(dir, 'nss');
      execFileSync('mkdir', ['-p', nssPath]);
      execFileSync('certutil', ['-N', '-d', `sql:${nssPath}`, '--empty-password']);
      execFileSync('certutil', [
        '-A',
        '-d',
        `sql:${nssPath}`,
        '-n',
        'test-root',
        '-t',
        'CT,C,C',
        '-i',
        path.join(dir, 'root.pem'),
      ]);
      nss = nssPath;
      return nssPath;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
