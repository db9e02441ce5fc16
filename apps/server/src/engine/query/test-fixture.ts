import type { ComponentDefinitionInput, FieldDefinitionInput } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { type ItemData, runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';

/** Test-only helpers of the query layer (not shipped): a definition with typed fields, items written directly. */
export const label = (text: string) => ({ 'pt-BR': text, en: text });

/** Fields of every storage kind the filter compiler handles. */
export function queryTestFields(): FieldDefinitionInput[] {
  return [
    { key: 'n', type: 'INTEGER', label: label('Eixos'), indexed: true },
    { key: 'd', type: 'DECIMAL', label: label('Peso'), indexed: true },
    { key: 'valor', type: 'CURRENCY', label: label('Valor') },
    { key: 't', type: 'STRING', label: label('Texto'), indexed: true },
    {
      key: 'p',
      type: 'PICKLIST',
      label: label('Tipo'),
      indexed: true,
      options: [
        { value: 'a', text: label('Opção A'), color: '#FF0000' },
        { value: 'b', text: label('Opção B') },
        { value: 'c', text: label('Opção C') },
      ],
    },
    { key: 'b', type: 'BOOLEAN', label: label('Ativo'), indexed: true },
    { key: 'w', type: 'DATE_TIME', label: label('Partida'), indexed: true, dateTimeFormatType: 0 },
    { key: 'u', type: 'USERS', label: label('Analista'), indexed: true },
    { key: 'us', type: 'USERS', label: label('Equipe'), multiple: true },
  ];
}

/** A project component (base + 1) and an item component (base + 2) with the typed fields and a workflow. */
export function queryTestComponents(base: number): ComponentDefinitionInput[] {
  return [
    {
      id: base + 1,
      name: `QProjeto${base}`,
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'QP-{SEQ:4}',
      isProject: true,
      fields: [],
    },
    {
      id: base + 2,
      name: `QItem${base}`,
      label: label('Item'),
      pluralLabel: label('Itens'),
      formattedIdPattern: 'QI-{YYYY}-{SEQ:5}',
      fields: queryTestFields(),
      workflow: {
        statuses: [
          { key: 'aberto', name: label('Aberto'), color: '#00FF00', initial: true },
          { key: 'fechado', name: label('Fechado'), final: true },
        ],
        actions: [],
      },
    },
  ];
}

/** Imports the test application (components base+1, base+2) through the definitions service. */
export async function importQueryTestDefinition(app: FastifyInstance, base: number): Promise<void> {
  await app.services.definitions.importDefinition(
    {
      schemaVersion: 1,
      key: `consulta-${base}`,
      version: 1,
      name: `Consulta ${base}`,
      components: queryTestComponents(base),
    },
    { userId: null },
  );
}

export interface TestItem {
  componentId: number;
  projectId?: number | null;
  title?: string;
  status?: string | null;
  responsibleId?: number | null;
  creatorId?: number | null;
  position?: number;
  data?: ItemData;
}

let sequence = 0;

/** Items written straight into runtime_items (the query layer is under test, not the write side). */
export async function insertItems(db: Db, items: readonly TestItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(runtimeItems)
    .values(
      items.map((item) => {
        sequence += 1;
        return {
          componentId: item.componentId,
          projectId: item.projectId ?? null,
          formattedId: `T-${sequence}`,
          title: item.title ?? `Item ${sequence}`,
          status: item.status ?? null,
          responsibleId: item.responsibleId ?? null,
          creatorId: item.creatorId ?? null,
          position: item.position ?? 0,
          data: item.data ?? {},
        };
      }),
    )
    .returning({ id: runtimeItems.id });
  return rows.map((row) => row.id);
}

export async function grantProject(
  db: Db,
  projectId: number,
  grantee: { userId: number } | { groupId: number },
  readOnly = false,
): Promise<void> {
  await db.insert(runtimeProjectPermissions).values({ projectId, readOnly, ...grantee });
}
