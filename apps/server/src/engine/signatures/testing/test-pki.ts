import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throw-away PKI made with the `openssl` CLI at test time, shaped like ICP-Brasil's: a root CA, an
 * intermediate CA and A1 end-entity certificates whose subject alternative name carries the holder's data in
 * the otherName 2.16.76.1.3.1 (birth date ddmmyyyy ‖ CPF ‖ NIS ‖ RG ‖ issuer, as DOC-ICP-04 lays it out).
 * Nothing of it is a real certificate: tests trust the root explicitly (pdfsig through an NSS database).
 */
export interface TestPki {
  dir: string;
  rootPem: string;
  /** The A1 as a PKCS#12 (AES-256/PBKDF2, OpenSSL 3's default) sealed with `password`. */
  p12: Buffer;
  /** The same A1 in the legacy PKCS#12 form (3DES/RC2) real ICP-Brasil files often still use. */
  legacyP12: Buffer;
  /** A second person's A1 (same intermediate, CPF `secondCpf`, same password): a co-signer. */
  secondP12: Buffer;
  password: string;
  cpf: string;
  secondCpf: string;
  /** An NSS database directory trusting the root, for `pdfsig -nssdir`. */
  nssDir(): string;
  cleanup(): void;
}

export interface TestPkiOptions {
  password?: string;
  /** Days from now the A1s stay valid (they are valid since 2020, for tests whose clock is in the past). */
  validDays?: number;
}

const CA_EXTENSIONS = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign'];
const A1_EXTENSIONS = [
  'basicConstraints=critical,CA:FALSE',
  'keyUsage=critical,digitalSignature,nonRepudiation,keyEncipherment',
  'extendedKeyUsage=clientAuth,emailProtection',
  'authorityKeyIdentifier=keyid',
];

const asn1Time = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export function makeTestPki(options: TestPkiOptions = {}): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'der-test-pki-'));
  const password = options.password ?? 'senha-do-a1';
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const write = (name: string, lines: string[]) => writeFileSync(file(name), `${lines.join('\n')}\n`);

  write('ca.ext', ['[ca]', ...CA_EXTENSIONS, 'subjectKeyIdentifier=hash']);
  openssl(
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
    'ca.ext',
    '-sha256',
  );
  openssl(
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
  );
  openssl(
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
    'ca.ext',
    '-extensions',
    'ca',
    '-sha256',
  );

  // `openssl ca` (unlike `x509 -req` in OpenSSL 3.0) can back-date: the A1s are valid from 2020 on.
  writeFileSync(file('index.txt'), '');
  write('serial', [randomBytes(8).toString('hex').toUpperCase()]);
  write('ca.cnf', [
    '[ca]',
    'default_ca=test',
    '[test]',
    `dir=${dir}`,
    'database=$dir/index.txt',
    'serial=$dir/serial',
    'new_certs_dir=$dir',
    'default_md=sha256',
    'policy=any',
    'unique_subject=no',
    '[any]',
    'countryName=optional',
    'organizationName=optional',
    'organizationalUnitName=optional',
    'commonName=supplied',
  ]);
  const validUntil = new Date(Date.now() + (options.validDays ?? 365) * 86_400_000);

  const issueA1 = (name: string, holder: string, birth: string, cpf: string) => {
    write(`${name}.ext`, [
      '[a1]',
      ...A1_EXTENSIONS,
      `subjectAltName=otherName:2.16.76.1.3.1;OCTETSTRING:${birth}${cpf}00000000000000000000000000SSPSP`,
    ]);
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/C=BR/O=ICP-Brasil Teste/OU=Certificado PF A1/CN=${holder}:${cpf}`,
    );
    openssl(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      'int.pem',
      '-keyfile',
      'int.key',
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.pem`,
      '-notext',
      '-startdate',
      '20200101000000Z',
      '-enddate',
      asn1Time(validUntil),
      '-extfile',
      `${name}.ext`,
      '-extensions',
      'a1',
    );
    const exportP12 = (out: string, legacy: boolean) =>
      openssl(
        'pkcs12',
        '-export',
        ...(legacy ? ['-legacy'] : []),
        '-inkey',
        `${name}.key`,
        '-in',
        `${name}.pem`,
        '-certfile',
        'int.pem',
        '-out',
        out,
        '-passout',
        `pass:${password}`,
        '-name',
        holder,
      );
    exportP12(`${name}.p12`, false);
    exportP12(`${name}-legacy.p12`, true);
  };
  const cpf = '12345678909';
  const secondCpf = '98765432100';
  issueA1('a1', 'FULANA DE TESTE', '01011980', cpf);
  issueA1('b1', 'BELTRANO DE TESTE', '02021975', secondCpf);

  let nss: string | null = null;
  return {
    dir,
    rootPem: readFileSync(file('root.pem'), 'utf8'),
    p12: readFileSync(file('a1.p12')),
    legacyP12: readFileSync(file('a1-legacy.p12')),
    secondP12: readFileSync(file('b1.p12')),
    password,
    cpf,
    secondCpf,
    nssDir() {
      if (nss) return nss;
      const nssPath = file('nss');
      mkdirSync(nssPath, { recursive: true });
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
        file('root.pem'),
      ]);
      nss = nssPath;
      return nssPath;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
