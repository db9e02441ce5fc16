import { describe, expect, it } from 'vitest';
import { lockedStatusesOf } from './field-access.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

/** A definition whose one component carries `fieldAccess`. */
function definitionWith(fieldAccess: unknown) {
  return {
    schemaVersion: 1,
    key: 'acesso',
    version: 1,
    name: 'Acesso',
    components: [
      {
        id: 10,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:5}',
        fields: [
          { key: 'nome', type: 'STRING', label: t('Nome') },
          { key: 'taxa', type: 'CURRENCY', label: t('Taxa'), departmentOnly: true },
        ],
        workflow: {
          statuses: [
            { key: 'rascunho', name: t('Rascunho'), initial: true },
            { key: 'emAnalise', name: t('Em análise') },
            { key: 'emitida', name: t('Emitida'), final: true },
          ],
        },
        fieldAccess,
      },
    ],
  };
}

function errorsOf(fieldAccess: unknown) {
  const result = validateApplicationDefinition(definitionWith(fieldAccess));
  return result.ok ? [] : result.errors;
}

describe('field permissions in a component definition', () => {
  it('accepts grants naming its fields, Title and its statuses', () => {
    expect(
      errorsOf({
        lockedStatuses: ['emitida'],
        statuses: [{ status: 'emAnalise', write: [{ fields: ['taxa', 'Title'], roles: ['staff'] }] }],
      }),
    ).toEqual([]);
  });

  it('refuses an unknown field, an unknown status and a status given twice, naming the path', () => {
    expect(
      errorsOf({
        lockedStatuses: ['arquivada'],
        statuses: [
          { status: 'emAnalise', write: [{ fields: ['valor', 'FormattedID'], groups: ['Analistas'] }] },
          { status: 'emAnalise', write: [] },
          { status: 'perdida', write: [] },
        ],
      }).map((error) => error.path),
    ).toEqual([
      'components[0].fieldAccess.lockedStatuses[0]',
      'components[0].fieldAccess.statuses[0].write[0].fields[0]',
      'components[0].fieldAccess.statuses[0].write[0].fields[1]',
      'components[0].fieldAccess.statuses[1].status',
      'components[0].fieldAccess.statuses[2].status',
    ]);
  });

  it('refuses a grant that names nobody and an unknown role', () => {
    expect(errorsOf({ statuses: [{ status: 'emAnalise', write: [{ fields: ['nome'] }] }] })).not.toEqual([]);
    expect(
      errorsOf({ statuses: [{ status: 'emAnalise', write: [{ fields: ['nome'], roles: ['anyone'] }] }] }),
    ).not.toEqual([]);
  });

  it('locks the final statuses unless the definition names others', () => {
    const workflow = {
      statuses: [
        { key: 'rascunho', final: false },
        { key: 'emitida', final: true },
      ],
    };
    expect([...lockedStatusesOf({ workflow })]).toEqual(['emitida']);
    expect([...lockedStatusesOf({ workflow, fieldAccess: { lockedStatuses: [], statuses: [] } })]).toEqual(
      [],
    );
  });
});
