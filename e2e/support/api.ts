import type {
  LoginResult,
  PlatformSettings,
  SecuritySettingsUpdate,
  SecuritySettingsView,
} from '@der/contracts';
import type { APIRequestContext } from '@playwright/test';
import { randomCnpj, randomCpf, strongPassword, uniqueEmail, uniqueSuffix } from './documents.ts';
import { activationLinkOf, peer } from './peer.ts';

/** The demo administrator (apps/server/src/seed/demo-accounts.ts). */
export const DEMO_ADMIN = { login: 'admin', password: 'Admin@Der-2026' } as const;

/** users/authenticate answers base64 text holding the LoginResult JSON. */
export function decodeLoginAnswer(base64: string): LoginResult {
  return JSON.parse(Buffer.from(base64.trim(), 'base64').toString('utf8')) as LoginResult;
}

export async function authenticate(
  request: APIRequestContext,
  body: { UserName: string; Password: string; recaptchaToken?: string | null; forceRecaptcha?: boolean },
): Promise<LoginResult> {
  const response = await request.post('/api/users/authenticate', { data: body });
  if (!response.ok()) throw new Error(`authenticate answered ${response.status()}: ${await response.text()}`);
  return decodeLoginAnswer(await response.text());
}

type PlatformPatch = Partial<PlatformSettings>;
type SecurityPatch = SecuritySettingsUpdate;

/**
 * The administration API (packages/contracts/src/admin/settings.routes.ts) with the demo admin's session.
 * The admin accepts the terms of use once, so that turning `requireTermsOfUse` on never locks this session out
 * of the very API that turns it off again; and it signs in while two-step authentication is off, so its
 * session stays complete when a test turns it on.
 */
export class AdminApi {
  private token = '';
  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  async signIn(): Promise<void> {
    const result = await authenticate(this.request, {
      UserName: DEMO_ADMIN.login,
      Password: DEMO_ADMIN.password,
    });
    if (!result.success || !result.token) {
      throw new Error(
        `the demo admin could not sign in: ${result.message} (failReason ${result.failReason})`,
      );
    }
    if (!result.mfaAuthenticated) {
      throw new Error(
        'the demo admin signed in while two-step authentication is on: a test did not restore it',
      );
    }
    this.token = result.token;
    if (!result.userAgreedTermsOfUse) {
      await this.post('/api/users/acceptTermsOfUse', {
        accept: true,
        userId: result.loggedUser?.id ?? 0,
        browserInfo: 'e2e admin',
      });
    }
  }

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  private async post<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.post(path, { data, headers: this.headers() });
    if (!response.ok())
      throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async platformSettings(): Promise<PlatformSettings> {
    const response = await this.request.get('/api/application/getPlatformSettings');
    if (!response.ok()) throw new Error(`getPlatformSettings answered ${response.status()}`);
    return (await response.json()) as PlatformSettings;
  }

  savePlatformSettings(patch: PlatformPatch): Promise<PlatformSettings> {
    return this.post('/api/admin/savePlatformSettings', patch);
  }

  async securitySettings(): Promise<SecuritySettingsView> {
    const response = await this.request.get('/api/admin/getSecuritySettings', { headers: this.headers() });
    if (!response.ok())
      throw new Error(`getSecuritySettings answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as SecuritySettingsView;
  }

  saveSecuritySettings(patch: SecurityPatch): Promise<SecuritySettingsView> {
    return this.post('/api/admin/saveSecuritySettings', patch);
  }

  /**
   * Applies platform settings and returns the function that puts the previous values back (call it in a
   * `finally` or a fixture's teardown).
   */
  async changePlatformSettings(patch: PlatformPatch): Promise<() => Promise<void>> {
    const current = await this.platformSettings();
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(patch)) previous[key] = current[key as keyof PlatformSettings];
    await this.savePlatformSettings(patch);
    return async () => {
      await this.savePlatformSettings(previous as PlatformPatch);
    };
  }

  /** As changePlatformSettings; the reCAPTCHA secret is write-only, so it is restored as empty. */
  async changeSecuritySettings(patch: SecurityPatch): Promise<() => Promise<void>> {
    const current = await this.securitySettings();
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(patch)) {
      previous[key] = key === 'recaptchaSecret' ? '' : current[key as keyof SecuritySettingsView];
    }
    await this.saveSecuritySettings(patch);
    return async () => {
      await this.saveSecuritySettings(previous as SecurityPatch);
    };
  }
}

export type AccountKind = 'permissionario' | 'requerente';

export interface TestAccount {
  kind: AccountKind;
  /** The login is the e-mail. */
  login: string;
  email: string;
  password: string;
  name: string;
  /** The portal the account signs in at. */
  loginPath: '/faixaDeDominio' | '/aet';
}

/**
 * A new account through the public API: registration, the activation e-mail from the SMTP capture and the
 * activation link, as a user would, only faster. For tests whose subject is what happens after.
 */
export async function createAccount(
  request: APIRequestContext,
  options: { kind?: AccountKind; activate?: boolean; prefix?: string } = {},
): Promise<TestAccount> {
  const kind = options.kind ?? 'requerente';
  const email = uniqueEmail(options.prefix ?? kind);
  const password = strongPassword();
  const name = `E2E ${kind.toUpperCase()} ${uniqueSuffix().toUpperCase()}`;
  const common = { nome: name, email, password, passwordConfirm: password };
  const response =
    kind === 'permissionario'
      ? await request.post('/api/permissionario/registerNewPermissionario', {
          data: {
            ...common,
            tipo: 'juridica',
            cpfCnpj: randomCnpj(),
            atualizacao: false,
            nomeFantasia: 'E2E FANTASIA',
            atividade: 'TESTES',
          },
        })
      : await request.post('/api/requerente/registerNewRequerente', {
          data: { ...common, tipo: 'fisica', cpfCnpj: randomCpf(), tipoRequerente: 1 },
        });
  if (!response.ok()) throw new Error(`registration answered ${response.status()}: ${await response.text()}`);

  if (options.activate ?? true) {
    const mail = await peer.waitForMail(email, { subject: /Ative sua conta|Activate your account/ });
    const token = new URL(activationLinkOf(mail)).searchParams.get('token') ?? '';
    const activation = await request.get(`/api/${kind}/activate`, { params: { token } });
    if (!activation.ok())
      throw new Error(`activation answered ${activation.status()}: ${await activation.text()}`);
  }
  return {
    kind,
    login: email,
    email,
    password,
    name,
    loginPath: kind === 'permissionario' ? '/faixaDeDominio' : '/aet',
  };
}
