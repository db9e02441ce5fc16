import {
  ApplicationDefinitionSchema,
  evaluateFormRules,
  type ReferencedItemsSource,
  resolveReferenceLookups,
} from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_DEFINITION } from '../aet.ts';

const aet = ApplicationDefinitionSchema.parse(AET_DEFINITION);
const request = aet.components.find((component) => component.id === 1)!;
const now = new Date('2026-03-10T12:00:00.000Z');

/** Units of the fleet: the tractor's CRLV is attached (a file id), the semi-trailer's is not yet. */
const FLEET: Record<number, Record<string, unknown>> = {
  10: { placa: 'ABC1D23', tipoVeiculo: 'cavaloTrator', crlv: [501] },
  11: { placa: 'DEF4567', tipoVeiculo: 'semirreboque', crlv: [] },
  12: { placa: 'GHI8J90', tipoVeiculo: 'semirreboque', crlv: [502] },
};
const fleet: ReferencedItemsSource = async ({ ids }) =>
  new Map(ids.flatMap((id) => (FLEET[id] ? [[id, FLEET[id]]] : [])));

const BASE = {
  ID: 1,
  tipoAutorizacao: 'viagemUnica',
  qualificacaoRequerente: 'transportador',
  enquadramento: 'cargaIndivisivel',
  larguraTotal: 3,
  alturaTotal: 4.4,
  comprimentoTotal: 25,
  pbtc: 60,
};

/** The rules over a request as sending runs them (or as a draft's save does), after the units' lookups. */
async function checklist(values: Record<string, unknown>, draft = false) {
  const resolved = await resolveReferenceLookups(request, { ...BASE, ...values }, fleet);
  return evaluateFormRules(aet, 1, resolved.values, 'beforeSave', undefined, { now, draft });
}

describe('the AET document checklist (documentos.ts)', () => {
  it("ticks 'CRLV de cada unidade' only when every chosen unit has its CRLV", async () => {
    expect((await checklist({ composicao: [10, 12] })).values.crlvDasUnidades).toBe(true);
    expect((await checklist({ composicao: [10, 11] })).values.crlvDasUnidades).toBeUndefined();
    expect((await checklist({})).values.crlvDasUnidades).toBeUndefined();
  });

  it('requires at sending the CRLVs and the drawing with axle spacing, and nothing of it in a draft', async () => {
    const sending = await checklist({ composicao: [10, 11] });
    expect(sending.required).toMatchObject({ crlvDasUnidades: true, desenhoEixos: true });
    const draft = await checklist({ composicao: [10, 11] }, true);
    expect(draft.required).toMatchObject({ crlvDasUnidades: false, desenhoEixos: false });
  });

  it('requires the ART file with the engineer, past a threshold of the framing only', async () => {
    expect((await checklist({ pbtc: 79.9 })).required).toMatchObject({ arquivoArt: false, numeroArt: false });
    expect((await checklist({ pbtc: 80 })).required).toMatchObject({ arquivoArt: true, numeroArt: true });
    expect((await checklist({ pbtc: 80 }, true)).required).toMatchObject({
      arquivoArt: false,
      numeroArt: false,
    });
  });

  it('shows and requires the procuração when a despachante acts for the company', async () => {
    const carrier = await checklist({});
    expect(carrier.visibility.procuracao).toBe(false);
    expect(carrier.required.procuracao).toBe(false);
    const agent = await checklist({ qualificacaoRequerente: 'despachante' });
    expect(agent.visibility.procuracao).toBe(true);
    expect(agent.required.procuracao).toBe(true);
  });
});
