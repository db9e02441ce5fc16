import { ApplicationDefinitionSchema, evaluateFormRules } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { FAIXA_DE_DOMINIO_DEFINITION } from '../faixa-de-dominio.ts';
import { TPEU_CHECKLIST_FIELD_KEYS, tpeuChecklist } from './tpeu-documentos.ts';

const definition = ApplicationDefinitionSchema.parse(FAIXA_DE_DOMINIO_DEFINITION);
const request = definition.components.find((component) => component.id === 2)!;
const now = new Date('2026-03-10T12:00:00.000Z');
const optionsOf = (key: string) => request.fields.find((field) => field.key === key)!.options!;
const PURPOSES = optionsOf('finalidade').map((option) => option.value);
const FORMS = optionsOf('tipoOcupacao').map((option) => option.value);
const PASSAGES = [...optionsOf('passagem').map((option) => option.value), undefined];
// The table as the definition's schema parsed it (what the server and the forms read).
const tableRows = definition.referenceTables.find((table) => table.key === 'documentosTpeu')!.rows;

/** The checklist of a request as protocolling checks it (or as a draft's save does): shown and required items. */
async function checklist(values: Record<string, unknown>, draft = false) {
  const result = await evaluateFormRules(
    definition,
    2,
    { tipoPessoa: 'juridica', ...values },
    'beforeSave',
    undefined,
    {
      now,
      draft,
    },
  );
  const shown = TPEU_CHECKLIST_FIELD_KEYS.filter((key) => result.visibility[key] !== false);
  const required = TPEU_CHECKLIST_FIELD_KEYS.filter((key) => result.required[key] === true);
  return { shown, required };
}

describe('the TPEU document checklist (tpeu-documentos.ts)', () => {
  it('lists and requires, for every purpose × form × passage, what the configuration table says', async () => {
    for (const finalidade of PURPOSES)
      for (const tipoOcupacao of FORMS)
        for (const passagem of PASSAGES) {
          const request = { tipoPessoa: 'juridica', finalidade, tipoOcupacao, passagem };
          const { shown, required } = await checklist(request);
          const table = tpeuChecklist(request, tableRows);
          const where = `${finalidade} × ${tipoOcupacao} × ${passagem ?? '—'}`;
          expect([...shown].sort(), where).toEqual(table.map((entry) => entry.documento).sort());
          expect([...required].sort(), where).toEqual(
            table
              .filter((entry) => entry.obrigatorio)
              .map((entry) => entry.documento)
              .sort(),
          );
        }
  });

  it('always requires the drawings, the memorial, the ART, the application, tax clearance and address', async () => {
    const { required } = await checklist({
      finalidade: 'telecom',
      tipoOcupacao: 'pontual',
      passagem: 'aerea',
    });
    expect(required).toEqual(
      expect.arrayContaining([
        'requerimento',
        'projetoDesenhos',
        'memorialDescritivo',
        'arquivoArt',
        'certidaoNegativa',
        'comprovanteEndereco',
      ]),
    );
  });

  it('follows the occupation: signalling for works on or across the road, licences, bridges, accesses', async () => {
    const crossing = await checklist({ finalidade: 'gas', tipoOcupacao: 'transversal', passagem: 'ponte' });
    expect(crossing.required).toEqual(
      expect.arrayContaining(['projetoSinalizacao', 'licencaAmbiental', 'laudoObraDeArte']),
    );
    const point = await checklist({ finalidade: 'energia', tipoOcupacao: 'pontual', passagem: 'aerea' });
    expect(point.shown).toContain('projetoSinalizacao');
    expect(point.required).not.toContain('projetoSinalizacao');
    expect(point.shown).not.toContain('licencaAmbiental');
    expect(point.shown).not.toContain('laudoObraDeArte');
    const access = await checklist({ finalidade: 'acesso', tipoOcupacao: 'pontual' });
    expect(access.required).toContain('projetoGeometricoAcesso');
  });

  it("follows the person: a company's contrato social and CNPJ card, an individual's identity, the procuração", async () => {
    const company = await checklist({ finalidade: 'agua', tipoOcupacao: 'longitudinal' });
    expect(company.required).toEqual(expect.arrayContaining(['contratoSocial', 'cartaoCnpj']));
    expect(company.shown).not.toContain('documentoIdentidade');
    expect(company.shown).not.toContain('procuracao');
    const person = await checklist({
      tipoPessoa: 'fisica',
      finalidade: 'agua',
      tipoOcupacao: 'longitudinal',
      representanteNome: 'MARIA DA SILVA',
    });
    expect(person.required).toEqual(expect.arrayContaining(['documentoIdentidade', 'procuracao']));
    expect(person.shown).not.toContain('contratoSocial');
  });

  it('requires nothing of a draft', async () => {
    const { required } = await checklist({ finalidade: 'gas', tipoOcupacao: 'transversal' }, true);
    expect(required).toEqual([]);
  });
});
