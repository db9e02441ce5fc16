import type { CreateItemInput } from '../engine/items/items.service.ts';
import type { RuntimeItemRow } from '../engine/items/items.table.ts';

/** The folder component of Gestão de Projetos' document repository (apps/definitions repositorio.ts). */
export const DEMO_FOLDER_COMPONENT = 21;

/** The folders every works project's repository starts with (an engineering project's usual document set). */
export const DEMO_REPOSITORY_FOLDERS: ReadonlyArray<{ title: string; children?: readonly string[] }> = [
  { title: '01 Projeto executivo', children: ['Pranchas', 'Memoriais descritivos'] },
  { title: '02 Licenciamento ambiental' },
  { title: '03 Contratos e aditivos' },
  { title: '04 Medições' },
  { title: '05 Fotografias da obra' },
];

type CreateAs = (userId: number, input: CreateItemInput, createdDaysAgo: number) => Promise<RuntimeItemRow>;

/** The demo folders of one project's repository, created by `userId` through the one write path. */
export async function seedRepositoryFolders(
  create: CreateAs,
  userId: number,
  project: RuntimeItemRow,
): Promise<void> {
  for (const [index, folder] of DEMO_REPOSITORY_FOLDERS.entries()) {
    const base = { componentId: DEMO_FOLDER_COMPONENT, projectId: project.id };
    const parent = await create(userId, { ...base, title: folder.title }, 230 - index);
    for (const child of folder.children ?? [])
      await create(userId, { ...base, parentId: parent.id, title: child }, 229 - index);
  }
}
