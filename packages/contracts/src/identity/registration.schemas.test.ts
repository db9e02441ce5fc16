import { describe, expect, it } from 'vitest';
import { RegisterPermissionarioBodySchema, RegisterRequerenteBodySchema } from './registration.schemas.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const pj = {
  nome: 'Energia Sul Ltda',
  email: 'Contato@EnergiaSul.com.br',
  password: 'uma senha longa',
  passwordConfirm: 'uma senha longa',
  tipo: 'juridica',
  cpfCnpj: '12.ABC.345/01DE-35',
  nomeFantasia: 'Energia Sul',
  atividade: 'Distribuição de energia',
} as const;

describe('permissionário registration', () => {
  it('normalises a company: uppercase names, lower-case e-mail, bare alphanumeric CNPJ', () => {
    const body = RegisterPermissionarioBodySchema.parse(pj);
    expect(body).toMatchObject({
      nome: 'ENERGIA SUL LTDA',
      email: 'contato@energiasul.com.br',
      cpfCnpj: '12ABC34501DE35',
      nomeFantasia: 'ENERGIA SUL',
      atualizacao: false,
      rg: '',
    });
  });

  it('requires nome fantasia and atividade from a company, and the common fields from everyone', () => {
    const result = RegisterPermissionarioBodySchema.safeParse({ tipo: 'juridica' });
    expect(issuesOf(result)).toEqual({
      nome: 'required',
      email: 'required',
      password: 'required',
      passwordConfirm: 'required',
      cpfCnpj: 'required',
      nomeFantasia: 'required',
      atividade: 'required',
    });
  });

  it('requires rg, órgão expedidor, profissão, estado civil and nacionalidade from a person, with a valid CPF', () => {
    const result = RegisterPermissionarioBodySchema.safeParse({ ...pj, tipo: 'fisica', rg: '12a' });
    expect(issuesOf(result)).toEqual({
      cpfCnpj: 'invalidCpf',
      rg: 'numericOnly',
      orgaoExpedidor: 'required',
      profissao: 'required',
      estadoCivil: 'required',
      nacionalidade: 'required',
    });
  });

  it('refuses a bad e-mail, different passwords and a wrong CNPJ check digit', () => {
    const result = RegisterPermissionarioBodySchema.safeParse({
      ...pj,
      email: 'a@b.c',
      passwordConfirm: 'outra',
      cpfCnpj: '11.222.333/0001-82',
    });
    expect(issuesOf(result)).toEqual({
      email: 'invalidEmail',
      passwordConfirm: 'registrationPasswordsDontMatch',
      cpfCnpj: 'invalidCnpj',
    });
  });
});

describe('requerente registration', () => {
  it('requires the requester type', () => {
    const result = RegisterRequerenteBodySchema.safeParse({
      ...pj,
      tipo: 'fisica',
      cpfCnpj: '529.982.247-25',
    });
    expect(issuesOf(result)).toEqual({ tipoRequerente: 'required' });
  });

  it('accepts a person with a type and keeps the bare CPF', () => {
    const body = RegisterRequerenteBodySchema.parse({
      ...pj,
      tipo: 'fisica',
      cpfCnpj: '529.982.247-25',
      tipoRequerente: 1,
    });
    expect(body.cpfCnpj).toBe('52998224725');
    expect(body.tipoRequerente).toBe(1);
  });
});
