import { z } from 'zod';
import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from '../common/br-documents.ts';
import { EMAIL_PATTERN } from '../common/fields.ts';

export const PERSON_TYPES = ['fisica', 'juridica'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

const text = (max = 200) => z.string().trim().max(max, { error: 'tooLong' }).default('');
const upper = (value: string) => value.toLocaleUpperCase('pt-BR');

type Issue = { path: string[]; message: string };

/** Adds 'required' for each listed field that is empty. */
function requireFields(body: Record<string, unknown>, fields: string[], issues: Issue[]) {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      issues.push({ path: [field], message: 'required' });
    }
  }
}

/** Fields common to both registrations (spec §3, §5). */
const accountFields = {
  nome: text(200),
  email: text(254),
  password: z.string().max(1024).default(''),
  passwordConfirm: z.string().max(1024).default(''),
  tipo: z.enum(PERSON_TYPES, { error: 'required' }).default('juridica'),
  cpfCnpj: text(20),
  rg: text(20),
  orgaoExpedidor: text(30),
  /** Values of administrator-defined additional fields, by field name (validated by the server). */
  additionalFields: z.record(z.string(), z.unknown()).default({}),
};

function checkAccount(body: z.infer<z.ZodObject<typeof accountFields>>, issues: Issue[]) {
  requireFields(body, ['nome', 'email', 'password', 'passwordConfirm', 'cpfCnpj'], issues);
  if (body.email && !EMAIL_PATTERN.test(body.email))
    issues.push({ path: ['email'], message: 'invalidEmail' });
  if (body.password && body.passwordConfirm && body.password !== body.passwordConfirm) {
    issues.push({ path: ['passwordConfirm'], message: 'registrationPasswordsDontMatch' });
  }
  if (body.cpfCnpj) {
    const valid = body.tipo === 'fisica' ? isValidCpf(body.cpfCnpj) : isValidCnpj(body.cpfCnpj);
    if (!valid)
      issues.push({ path: ['cpfCnpj'], message: body.tipo === 'fisica' ? 'invalidCpf' : 'invalidCnpj' });
  }
  if (body.rg && !/^\d+$/.test(body.rg)) issues.push({ path: ['rg'], message: 'numericOnly' });
}

function normalizeAccount<T extends z.infer<z.ZodObject<typeof accountFields>>>(body: T): T {
  return {
    ...body,
    nome: upper(body.nome),
    email: body.email.toLowerCase(),
    cpfCnpj: body.tipo === 'fisica' ? normalizeCpf(body.cpfCnpj) : normalizeCnpj(body.cpfCnpj),
    orgaoExpedidor: upper(body.orgaoExpedidor),
  };
}

/** Right-of-way (faixa de domínio) registration of a permissionário, spec §3 and §5. */
export const RegisterPermissionarioBodySchema = z
  .object({
    ...accountFields,
    /** Whether the applicant already has a right-of-way request at the authority (default No). */
    atualizacao: z.boolean({ error: 'required' }).default(false),
    profissao: text(100),
    estadoCivil: text(40),
    nacionalidade: text(60),
    inscricaoEstadual: text(30),
    nomeFantasia: text(200),
    atividade: text(200),
  })
  .superRefine((body, context) => {
    const issues: Issue[] = [];
    checkAccount(body, issues);
    if (body.tipo === 'fisica') {
      requireFields(body, ['rg', 'orgaoExpedidor', 'profissao', 'estadoCivil', 'nacionalidade'], issues);
    } else {
      requireFields(body, ['nomeFantasia', 'atividade'], issues);
      // Inscrição estadual is optional: digits, or ISENTO for exempt companies.
      if (body.inscricaoEstadual && !/^(\d+|ISENTO)$/i.test(body.inscricaoEstadual)) {
        issues.push({ path: ['inscricaoEstadual'], message: 'numericOnly' });
      }
    }
    for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
  })
  .transform((body) => {
    const normalized = normalizeAccount(body);
    const fisica = body.tipo === 'fisica';
    return {
      ...normalized,
      profissao: fisica ? upper(body.profissao) : '',
      estadoCivil: fisica ? upper(body.estadoCivil) : '',
      nacionalidade: fisica ? upper(body.nacionalidade) : '',
      rg: fisica ? body.rg : '',
      orgaoExpedidor: fisica ? normalized.orgaoExpedidor : '',
      inscricaoEstadual: fisica ? '' : body.inscricaoEstadual.toUpperCase(),
      nomeFantasia: fisica ? '' : upper(body.nomeFantasia),
      atividade: fisica ? '' : upper(body.atividade),
    };
  });
export type RegisterPermissionarioBody = z.output<typeof RegisterPermissionarioBodySchema>;
export type RegisterPermissionarioInput = z.input<typeof RegisterPermissionarioBodySchema>;

/** AET applicant (requerente) registration, spec §3 and §5: tipoRequerente is also required. */
export const RegisterRequerenteBodySchema = z
  .object({
    ...accountFields,
    tipoRequerente: z
      .number({ error: 'required' })
      .int()
      .positive({ error: 'required' })
      .nullable()
      .default(null),
  })
  .superRefine((body, context) => {
    const issues: Issue[] = [];
    checkAccount(body, issues);
    if (body.tipoRequerente === null) issues.push({ path: ['tipoRequerente'], message: 'required' });
    for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
  })
  .transform((body) => ({ ...normalizeAccount(body), tipoRequerente: body.tipoRequerente as number }));
export type RegisterRequerenteBody = z.output<typeof RegisterRequerenteBodySchema>;
export type RegisterRequerenteInput = z.input<typeof RegisterRequerenteBodySchema>;

export const RegistrationResultSchema = z.object({
  success: z.literal(true),
  /** Translated confirmation: an e-mail was sent to activate the account. */
  message: z.string(),
});

export const TokenBodySchema = z.object({ token: z.string().min(1, { error: 'required' }).max(200) });
export const TokenQuerySchema = TokenBodySchema;

/** Spec §3 "Account lookup by token": name and e-mail, or the value 1 for an account already active. */
export const AccountLookupSchema = z.union([z.object({ name: z.string(), email: z.string() }), z.literal(1)]);
export type AccountLookup = z.infer<typeof AccountLookupSchema>;

export const TipoRequerenteSchema = z.object({ id: z.number().int(), nome: z.string() });
export type TipoRequerente = z.infer<typeof TipoRequerenteSchema>;

export const ValidarAetQuerySchema = z.object({ uid: z.string().min(1, { error: 'required' }).max(100) });
/**
 * Where an issued AET stands (domain.md): vigente between its dates; emitida but not yet valid before its first
 * day; expirada after its last; suspensa (road interdiction) or cancelada by the department, with a reason.
 */
export const AetSituationSchema = z.enum([
  'vigente',
  'aguardandoInicio',
  'expirada',
  'suspensa',
  'cancelada',
]);
export type AetSituation = z.infer<typeof AetSituationSchema>;

/**
 * Spec §3 "AET validation result": the flag and the address of the authentic PDF, and — so the page can say
 * which — the situation, the number, the validity days (`YYYY-MM-DD`, São Paulo), the department's reason of a
 * suspension or cancellation and the requerente with a person's name and CPF masked (LGPD). An unknown uid
 * answers `valid: false`, `fileName: ''` and nulls.
 */
export const ValidarAetResultSchema = z.object({
  valid: z.boolean(),
  fileName: z.string(),
  situation: AetSituationSchema.nullable().default(null),
  number: z.string().nullable().default(null),
  validFrom: z.string().nullable().default(null),
  validUntil: z.string().nullable().default(null),
  reason: z.string().nullable().default(null),
  requerente: z.object({ name: z.string(), document: z.string() }).nullable().default(null),
});
export type ValidarAetResult = z.infer<typeof ValidarAetResultSchema>;
