import { describe, expect, it } from 'vitest';
import { activationLink } from './activation.template.ts';
import { escapeHtml } from './escape-html.ts';
import { passwordResetLink } from './password-reset.template.ts';
import { renderEmail } from './render-email.ts';

const base = { platformName: 'Portal DER', publicUrl: 'https://portal.der.example.gov.br' };

describe('activation e-mail', () => {
  it('links a permissionário to /activate and a requerente to /activateRequerente, token URL-encoded', () => {
    expect(activationLink({ ...base, token: 'a+b/c', accountType: 'permissionario' })).toBe(
      'https://portal.der.example.gov.br/activate?token=a%2Bb%2Fc',
    );
    const email = renderEmail('activation', 'pt-BR', {
      ...base,
      name: 'MARIA',
      token: 'tok_123',
      accountType: 'requerente',
    });
    expect(email.html).toContain('href="https://portal.der.example.gov.br/activateRequerente?token=tok_123"');
    expect(email.text).toContain('https://portal.der.example.gov.br/activateRequerente?token=tok_123');
  });

  it('speaks Portuguese by default and English on request, in both parts', () => {
    const data = { ...base, name: 'ENERGIA SUL LTDA', token: 't', accountType: 'permissionario' } as const;
    const pt = renderEmail('activation', 'pt-BR', data);
    expect(pt.subject).toBe('Ative sua conta – Portal DER');
    expect(pt.html).toContain('<html lang="pt-BR">');
    expect(pt.html).toContain('Ativar a conta');
    expect(pt.text).toContain('Olá, ENERGIA SUL LTDA.');
    expect(pt.text).toContain('permissionário (faixa de domínio)');

    const en = renderEmail('activation', 'en', data);
    expect(en.subject).toBe('Activate your account – Portal DER');
    expect(en.html).toContain('<html lang="en">');
    expect(en.text).toContain('Hello, ENERGIA SUL LTDA.');
    expect(en.text).toContain('right-of-way permit holder');
    expect(en.text).not.toContain('Olá');
  });

  it('escapes every user-supplied value in the HTML but keeps the text part literal', () => {
    const name = '<script>alert("x")</script> & Cia';
    const email = renderEmail('activation', 'pt-BR', {
      ...base,
      name,
      token: '"><img>',
      accountType: 'permissionario',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia');
    expect(email.html).not.toContain('"><img>');
    expect(email.text).toContain(name);
  });

  it('keeps the subject on one line whatever the platform name holds', () => {
    const email = renderEmail('activation', 'en', {
      ...base,
      platformName: 'DER\r\nBcc: victim@example.com',
      name: 'x',
      token: 't',
      accountType: 'requerente',
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
  });
});

describe('new-password e-mail', () => {
  it('gives the login and the temporary password in both languages, escaped in HTML', () => {
    const data = { ...base, name: 'João', login: 'joao<1>', newPassword: 'Xy7&k<9' };
    const pt = renderEmail('newPassword', 'pt-BR', data);
    expect(pt.subject).toBe('Sua nova senha – Portal DER');
    expect(pt.text).toContain('Senha temporária: Xy7&k<9');
    expect(pt.html).toContain('Xy7&amp;k&lt;9');
    expect(pt.html).toContain('<strong>joao&lt;1&gt;</strong>');
    const en = renderEmail('newPassword', 'en', data);
    expect(en.subject).toBe('Your new password – Portal DER');
    expect(en.text).toContain('Temporary password: Xy7&k<9');
    expect(en.html).toContain('href="https://portal.der.example.gov.br/"');
  });
});

describe('password-reset e-mail', () => {
  it('links to /newPassword with the token URL-encoded and says the link lasts 30 minutes, in both languages', () => {
    expect(passwordResetLink({ ...base, token: 'a+b/c' })).toBe(
      'https://portal.der.example.gov.br/newPassword?token=a%2Bb%2Fc',
    );
    const data = { ...base, name: 'João', login: 'joao<1>', token: 'tok_123' };
    const pt = renderEmail('passwordReset', 'pt-BR', data);
    expect(pt.subject).toBe('Crie uma nova senha – Portal DER');
    expect(pt.html).toContain('href="https://portal.der.example.gov.br/newPassword?token=tok_123"');
    expect(pt.text).toContain('https://portal.der.example.gov.br/newPassword?token=tok_123');
    expect(pt.text).toContain('30 minutos');
    expect(pt.html).toContain('<strong>joao&lt;1&gt;</strong>');
    const en = renderEmail('passwordReset', 'en', data);
    expect(en.subject).toBe('Choose a new password – Portal DER');
    expect(en.text).toContain('valid for 30 minutes');
    expect(en.text).toContain('https://portal.der.example.gov.br/newPassword?token=tok_123');
    expect(en.text).not.toContain('Olá');
  });
});

describe('test e-mail', () => {
  it('shows when it was sent, in Brasília time', () => {
    const data = { platformName: 'Portal DER', sentAt: '2025-03-10T15:04:05Z' };
    const pt = renderEmail('test', 'pt-BR', data);
    expect(pt.subject).toBe('E-mail de teste – Portal DER');
    expect(pt.text).toContain('10/03/2025, 12:04:05');
    const en = renderEmail('test', 'en', data);
    expect(en.subject).toBe('Test e-mail – Portal DER');
    expect(en.text).toContain('10/03/2025, 12:04:05');
    expect(en.text).toContain('settings are correct');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('invitation e-mail', () => {
  it('links to /newPassword with the token and says how many days the link lasts, in both languages', () => {
    const data = { ...base, name: 'ANA ANALISTA', login: 'ana.analista', token: 'x+y', validDays: 7 };
    const pt = renderEmail('invitation', 'pt-BR', data);
    expect(pt.subject).toBe('Seu acesso ao Portal DER');
    expect(pt.text).toContain('https://portal.der.example.gov.br/newPassword?token=x%2By');
    expect(pt.text).toContain('login ana.analista');
    expect(pt.text).toContain('vale por 7 dias');
    const en = renderEmail('invitation', 'en', data);
    expect(en.subject).toBe('Your access to Portal DER');
    expect(en.text).toContain('valid for 7 days');
    expect(en.html).toContain('href="https://portal.der.example.gov.br/newPassword?token=x%2By"');
  });
});
