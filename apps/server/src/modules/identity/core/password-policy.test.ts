import { formatValidationMessage } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { checkPassword, loadCommonPasswords, parseCommonPasswords } from './password-policy.ts';

const tooCommon = { ok: false, key: 'passwordTooCommon', params: {} };

describe('password policy', () => {
  it('accepts a long, unusual password with no composition rules', () => {
    expect(checkPassword('cavalo correto bateria grampo')).toEqual({ ok: true });
    expect(checkPassword('tartarugaverde')).toEqual({ ok: true });
  });

  it('refuses a password shorter than 8 by default, with the minimum for the message', () => {
    const result = checkPassword('x7#kQ2a');
    expect(result).toEqual({ ok: false, key: 'passwordTooShort', params: { min: 8 } });
    if (!result.ok) {
      expect(formatValidationMessage(result.key, 'pt-BR', result.params)).toBe(
        'A senha deve ter pelo menos 8 caracteres',
      );
    }
    expect(checkPassword('x7#kQ2aZ')).toEqual({ ok: true });
  });

  it('uses the minimum from the settings and counts characters, not bytes', () => {
    expect(checkPassword('x7#kQ2aZp1', { minLength: 12 })).toMatchObject({
      key: 'passwordTooShort',
      params: { min: 12 },
    });
    expect(checkPassword('ãçéõüãçé')).toEqual({ ok: true }); // 8 characters, 16 UTF-8 bytes
    expect(checkPassword('ãçéõüãç')).toMatchObject({ key: 'passwordTooShort' });
  });

  it('refuses the most common passwords, English and Brazilian, whatever their case', () => {
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'senha123',
      'mudar123',
      'brasil2024',
      'Flamengo123',
    ]) {
      expect(checkPassword(password), password).toEqual(tooCommon);
    }
    expect(checkPassword('SENHA123')).toEqual(tooCommon);
    expect(checkPassword('MuDaR123')).toEqual(tooCommon);
  });

  it('refuses a password equal to the login, the e-mail or the e-mail name, ignoring case', () => {
    const context = { login: 'joao.silva', email: 'Joao.Silva@empresa.com.br' };
    expect(checkPassword('JOAO.SILVA', context)).toEqual(tooCommon);
    expect(checkPassword('joao.silva@empresa.com.br', context)).toEqual(tooCommon);
    expect(checkPassword('fiscal.rodovia', { login: 'Fiscal.Rodovia' })).toEqual(tooCommon);
    expect(checkPassword('joao.silva.2024', context)).toEqual({ ok: true });
  });

  it('refuses one character repeated', () => {
    expect(checkPassword('zzzzzzzzzzzz')).toEqual(tooCommon);
  });

  it('ships a list of thousands of entries, read once', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBeGreaterThan(10_000);
    expect(loadCommonPasswords()).toBe(list);
    expect(
      list.has(
        '# common passwords refused by the password policy (one per line, lower case; lines starting with # are ignored).',
      ),
    ).toBe(false);
  });

  it('parses a list ignoring comments, blank lines and case', () => {
    const list = parseCommonPasswords('# comment\n\nHunter22\r\n  segredo99  \n');
    expect([...list]).toEqual(['hunter22', 'segredo99']);
    expect(checkPassword('HUNTER22', {}, list)).toEqual(tooCommon);
    expect(checkPassword('password', {}, list)).toEqual({ ok: true });
  });
});
