import {
  type AccountLookup,
  formatValidationMessage,
  type Language,
  type RegisterPermissionarioBody,
  type RegisterRequerenteBody,
  type TipoRequerente,
} from '@der/contracts';
import { translateInfo } from '../../i18n/messages.ts';
import { randomToken, sha256Hex } from '../../infra/crypto/tokens.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import type { AdditionalFieldsService } from '../additional-fields/additional-fields.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompanyLinks } from '../companies/company-links.ts';
import { type GroupsService, PORTAL_GROUPS } from '../groups/groups.service.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import {
  checkPassword,
  DEFAULT_MIN_PASSWORD_LENGTH,
  loadCommonPasswords,
} from '../identity/core/password-policy.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import type { AccountsRepo, ExternalKind } from './accounts.repo.ts';

/** An e-mailed activation link works for two days: long enough for a weekend, short enough to go stale. */
export const ACTIVATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** What a route handler passes from the request. */
export interface RequestMeta {
  ip: string;
  language: Language;
}

export interface RegistrationResult {
  success: true;
  message: string;
}

interface AccountInput {
  nome: string;
  email: string;
  password: string;
  tipo: 'fisica' | 'juridica';
  cpfCnpj: string;
  /** The company's trade name (permissionários say it; requerentes do not). */
  nomeFantasia?: string;
}

const LOGIN_PAGE: Record<ExternalKind, '/faixaDeDominio' | '/aet'> = {
  permissionario: '/faixaDeDominio',
  requerente: '/aet',
};

export function createAccountsService(deps: {
  db: Db;
  repo: AccountsRepo;
  hasher: PasswordHasher;
  audit: AuditService;
  outbox: OutboxService;
  platform: PlatformService;
  /** Activated accounts join their portal's group (applications are granted to it). */
  groups: GroupsService;
  /** A pessoa jurídica's account belongs to its company (Administração → Empresas, the users' company). */
  companies: CompanyLinks;
  /** config.publicUrl: the activation link in the e-mail points there. */
  publicUrl: string;
  now: () => Date;
  /** Validates and normalises body.additionalFields against the administrator's definitions. */
  additionalFields?: Pick<AdditionalFieldsService, 'checkOrThrow'>;
}) {
  const { db, repo } = deps;

  /** The additional field values to store, or 400 VALIDATION_FAILED naming `body.additionalFields.<name>`. */
  async function checkAdditionalFields(
    entity: ExternalKind,
    values: Record<string, unknown>,
    language: Language,
  ): Promise<Record<string, unknown>> {
    return deps.additionalFields ? deps.additionalFields.checkOrThrow(entity, values, language) : {};
  }

  /** Server-side rules the contract cannot know: the configured password policy and what already exists. */
  async function checkNewAccount(kind: ExternalKind, input: AccountInput, language: Language) {
    const minLength = (await repo.findPasswordMinLength(db)) ?? DEFAULT_MIN_PASSWORD_LENGTH;
    const policy = checkPassword(
      input.password,
      { minLength, login: input.email, email: input.email },
      loadCommonPasswords(),
    );
    if (!policy.ok) {
      // Translated here: the error handler fills no `{min}` placeholder in AppError details.
      throw new AppError('VALIDATION_FAILED', [
        { field: 'body.password', message: formatValidationMessage(policy.key, language, policy.params) },
      ]);
    }
    if (await repo.hasDocument(db, kind, input.cpfCnpj)) throw new AppError('ACCOUNT_DUPLICATE_DOCUMENT');
    if (await repo.hasEmailOrLogin(db, input.email)) throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
  }

  /**
   * The user, its profile, the activation token, the e-mail and the audit event, all or nothing. The checks
   * above run first for a clear answer; the unique indexes still decide a race between two registrations.
   */
  async function createAccount(
    kind: ExternalKind,
    input: AccountInput,
    insertProfile: (tx: Db, userId: number) => Promise<void>,
    meta: RequestMeta,
  ): Promise<RegistrationResult> {
    // Hashing (Argon2id) and the settings read happen before the transaction, which stays short.
    const passwordHash = await deps.hasher.hash(input.password);
    const { brand } = await deps.platform.getSettings();
    const token = randomToken();
    const now = deps.now();
    try {
      await db.transaction(async (tx) => {
        const companyId =
          input.tipo === 'juridica'
            ? await deps.companies.findOrCreateByCnpj(tx, {
                cnpj: input.cpfCnpj,
                name: input.nome,
                tradeName: input.nomeFantasia ?? '',
              })
            : null;
        const userId = await repo.insertUser(tx, {
          kind,
          login: input.email,
          name: input.nome,
          email: input.email,
          passwordHash,
          activated: false,
          loginPage: LOGIN_PAGE[kind],
          hasChangePasswordPermission: true,
          companyId,
        });
        await insertProfile(tx, userId);
        await repo.insertActivationToken(
          tx,
          userId,
          sha256Hex(token),
          new Date(now.getTime() + ACTIVATION_TOKEN_TTL_MS),
        );
        // Sealed: only the token's hash is in account_tokens, and the outbox must not hold it in clear either.
        await deps.outbox.enqueueEmail(
          tx,
          {
            to: input.email,
            template: 'activation',
            language: meta.language,
            data: {
              platformName: brand,
              publicUrl: deps.publicUrl,
              name: input.nome,
              token,
              accountType: kind,
            },
          },
          { sensitive: true },
        );
        await deps.audit.append(tx, {
          action: 'account.registered',
          actorUserId: userId,
          ip: meta.ip,
          target: `user:${userId}`,
          details: { kind, tipo: input.tipo, companyId },
        });
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('cpf_cnpj')) throw new AppError('ACCOUNT_DUPLICATE_DOCUMENT');
      if (constraint !== null) throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
      throw error;
    }
    return { success: true, message: translateInfo('registrationEmailSent', meta.language) };
  }

  return {
    async registerPermissionario(
      body: RegisterPermissionarioBody,
      meta: RequestMeta,
    ): Promise<RegistrationResult> {
      await checkNewAccount('permissionario', body, meta.language);
      const additionalFields = await checkAdditionalFields(
        'permissionario',
        body.additionalFields,
        meta.language,
      );
      return createAccount(
        'permissionario',
        body,
        (tx, userId) =>
          repo.insertPermissionarioProfile(tx, userId, {
            tipo: body.tipo,
            cpfCnpj: body.cpfCnpj,
            atualizacao: body.atualizacao,
            rg: body.rg,
            orgaoExpedidor: body.orgaoExpedidor,
            profissao: body.profissao,
            estadoCivil: body.estadoCivil,
            nacionalidade: body.nacionalidade,
            inscricaoEstadual: body.inscricaoEstadual,
            nomeFantasia: body.nomeFantasia,
            atividade: body.atividade,
            additionalFields,
          }),
        meta,
      );
    },

    async registerRequerente(body: RegisterRequerenteBody, meta: RequestMeta): Promise<RegistrationResult> {
      await checkNewAccount('requerente', body, meta.language);
      if (!(await repo.isActiveTipo(db, body.tipoRequerente))) {
        throw new AppError('ACCOUNT_TIPO_REQUERENTE_INVALID');
      }
      const additionalFields = await checkAdditionalFields(
        'requerente',
        body.additionalFields,
        meta.language,
      );
      return createAccount(
        'requerente',
        body,
        (tx, userId) =>
          repo.insertRequerenteProfile(tx, userId, {
            tipo: body.tipo,
            cpfCnpj: body.cpfCnpj,
            tipoRequerenteId: body.tipoRequerente,
            rg: body.rg,
            orgaoExpedidor: body.orgaoExpedidor,
            additionalFields,
          }),
        meta,
      );
    },

    /**
     * Spec §3 "Account lookup by token": the name and e-mail of the account to activate, or 1 when it is
     * already active (the page then says 'Token Invalido. Usuario ja ativado').
     */
    async lookupActivationToken(kind: ExternalKind, token: string): Promise<AccountLookup> {
      const match = await repo.findActivationToken(db, sha256Hex(token));
      // A token of the other portal is as unknown as a made-up one.
      if (!match || match.user.kind !== kind) throw new AppError('ACCOUNT_TOKEN_INVALID');
      if (match.user.activated) return 1;
      if (match.usedAt) throw new AppError('ACCOUNT_TOKEN_INVALID');
      if (match.expiresAt.getTime() <= deps.now().getTime()) throw new AppError('ACCOUNT_TOKEN_EXPIRED');
      return { name: match.user.name, email: match.user.email };
    },

    /** Activates the account; the token is single-use (a second call is refused). */
    async activate(kind: ExternalKind, token: string, meta: RequestMeta): Promise<{ success: true }> {
      const now = deps.now();
      await db.transaction(async (tx) => {
        // Locked: two clicks at once activate once and audit once.
        const match = await repo.findActivationToken(tx, sha256Hex(token), { forUpdate: true });
        if (!match || match.user.kind !== kind || match.usedAt || match.user.activated) {
          throw new AppError('ACCOUNT_TOKEN_INVALID');
        }
        if (match.expiresAt.getTime() <= now.getTime()) throw new AppError('ACCOUNT_TOKEN_EXPIRED');
        await repo.markTokenUsed(tx, match.tokenId, now);
        await repo.activateUser(tx, match.user.id, now);
        const portalGroup = await deps.groups.findOrCreateGroup(tx, PORTAL_GROUPS[kind]);
        await deps.groups.addMembers(tx, portalGroup, [match.user.id]);
        await deps.audit.append(tx, {
          action: 'account.activated',
          actorUserId: match.user.id,
          ip: meta.ip,
          target: `user:${match.user.id}`,
          details: { kind },
        });
      });
      return { success: true };
    },

    listTipos(): Promise<TipoRequerente[]> {
      return repo.listActiveTipos(db);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
