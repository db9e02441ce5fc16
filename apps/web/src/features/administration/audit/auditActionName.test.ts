import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../../app/i18n.ts';
import { auditActionName } from './auditActionName.ts';

/** apps/server/src, found from the folder the tests run in (the repository or apps/web). */
function serverSourceFolder(): string {
  for (let folder = process.cwd(); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'apps/server/src');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('apps/server/src not found above the working folder');
}

const SERVER_SOURCE = serverSourceFolder();

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every audit code the server's code writes, as literals, plus the group ones it builds from a verb. */
function serverAuditCodes(): string[] {
  const codes = new Set(['admin.group.created', 'admin.group.updated', 'admin.group.deleted']);
  for (const file of sourceFiles(SERVER_SOURCE)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /'((?:auth|account|admin|runtime)\.[a-zA-Z][\w.-]*)'/g,
    )) {
      codes.add(match[1]!);
    }
  }
  return [...codes].sort();
}

describe('audit event names', () => {
  const codes = serverAuditCodes();

  it('finds the codes the server writes', () => {
    expect(codes).toContain('auth.login.success');
    expect(codes).toContain('runtime.project.permissions.saved');
    expect(codes.length).toBeGreaterThan(30);
  });

  it.each(['pt-BR', 'en'] as const)('names every code the server writes in %s', (language) => {
    const { t } = createAppI18n(language);
    const untranslated = codes.filter((code) => auditActionName(t, code) === code);
    expect(untranslated).toEqual([]);
  });

  it('reads known codes in each language and an unknown code as itself', () => {
    expect(auditActionName(createAppI18n('pt-BR').t, 'auth.login.success')).toBe('Entrada no sistema');
    expect(auditActionName(createAppI18n('en').t, 'auth.login.success')).toBe('Signed in');
    expect(auditActionName(createAppI18n('pt-BR').t, 'admin.something.new')).toBe('admin.something.new');
  });
});
