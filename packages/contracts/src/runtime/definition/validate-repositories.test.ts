import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import type { RepositoryDefinitionInput } from './repository.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

const REPOSITORY: RepositoryDefinitionInput = {
  key: 'documentos',
  name: t('Documentos'),
  projectComponentId: 1,
  folderComponentId: 2,
  folderFormId: 20,
  fileComponentId: 3,
  fileFormId: 30,
  attachmentsKey: 'documento',
};

/** A project, a folder and a file component (whose form holds the attachments component 'documento'). */
function application(
  repository: Partial<RepositoryDefinitionInput> & Record<string, unknown> = {},
  menuTarget?: NonNullable<ApplicationDefinitionInput['menu']>[number]['target'],
): ApplicationDefinitionInput {
  const component = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    label: t(name),
    pluralLabel: t(name),
    formattedIdPattern: `${name.slice(0, 3).toUpperCase()}-{SEQ:5}`,
    fields: [],
    ...extra,
  });
  return {
    schemaVersion: 1,
    key: 'repos',
    version: 1,
    name: 'Repositórios',
    menu: menuTarget ? [{ key: 'docs', name: t('Docs'), target: menuTarget }] : [],
    components: [
      component(1, 'Projeto', { isProject: true }),
      component(2, 'Pasta', {
        forms: [{ id: 20, name: t('Pasta'), layout: [{ type: 'textbox', field: 'Title' }] }],
      }),
      component(3, 'Arquivo', {
        forms: [{ id: 30, name: t('Arquivo'), layout: [{ type: 'attachments', key: 'documento' }] }],
      }),
    ],
    repositories: [{ ...REPOSITORY, ...repository } as RepositoryDefinitionInput],
  };
}

const errorsOf = (doc: ApplicationDefinitionInput) => {
  const result = validateApplicationDefinition(doc);
  return result.ok ? [] : result.errors;
};

describe('repository definitions', () => {
  it('accepts a repository and the menu links naming it', () => {
    expect(errorsOf(application({}, { kind: 'repositories', title: 'Repositórios' }))).toEqual([]);
    const link = {
      kind: 'repository',
      projectId: 0,
      fileFormId: 30,
      folderFormId: 20,
      title: 'Docs',
    } as const;
    expect(errorsOf(application({}, link))).toEqual([]);
  });

  it('names each wrong reference by its path', () => {
    expect(errorsOf(application({ projectComponentId: 2 }))).toEqual([
      { path: 'repositories[0].projectComponentId', message: 'component 2 is not a project component' },
    ]);
    expect(errorsOf(application({ fileComponentId: 2, fileFormId: 20 })).map((error) => error.path)).toEqual(
      expect.arrayContaining(['repositories[0].fileComponentId', 'repositories[0].attachmentsKey']),
    );
    expect(errorsOf(application({ folderFormId: 30 }))).toEqual([
      { path: 'repositories[0].folderFormId', message: 'unknown form 30 in component 2' },
    ]);
    expect(errorsOf(application({ attachmentsKey: 'anexos' }))).toEqual([
      { path: 'repositories[0].attachmentsKey', message: "form 30 has no attachments component 'anexos'" },
    ]);
    expect(errorsOf(application({ folderComponentId: 9 }))).toEqual([
      { path: 'repositories[0].folderComponentId', message: 'unknown component 9' },
    ]);
  });

  it('refuses unknown properties and menu links to forms that are not a repository', () => {
    expect(errorsOf(application({ extra: true })).map((error) => error.path)).toEqual(['repositories[0]']);
    const link = {
      kind: 'repository',
      projectId: 0,
      fileFormId: 20,
      folderFormId: 30,
      title: 'Docs',
    } as const;
    expect(errorsOf(application({}, link))).toEqual([
      { path: 'menu[0].target.fileFormId', message: 'no repository has file form 20 and folder form 30' },
    ]);
    const none = { ...application({}, { kind: 'repositoryView', title: 'Docs' }), repositories: [] };
    expect(errorsOf(none)).toEqual([
      { path: 'menu[0].target.kind', message: 'the application declares no repository' },
    ]);
  });
});
