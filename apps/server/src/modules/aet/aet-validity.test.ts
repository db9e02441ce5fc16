import { ApplicationDefinitionSchema } from '@der/contracts';
import { AET_DEFINITION } from '@der/definitions';
import { describe, expect, it } from 'vitest';
import { actionPath } from '../../engine/workflow/process-driver.ts';
import { aetSituation, saoPauloDay, validityDays } from './aet-validity.ts';
import { maskPersonName, publicRequerente } from './mask-requerente.ts';

describe('the situation of an issued AET', () => {
  const days = { validFrom: '2026-05-20', validUntil: '2026-05-23' };
  const at = (iso: string) => new Date(iso);

  it('is vigente on its days in São Paulo, the whole last day included', () => {
    expect(aetSituation('emitida', days, at('2026-05-20T03:00:00Z'))).toBe('vigente');
    // 23:59 of the last day in São Paulo is 02:59 UTC of the next.
    expect(aetSituation('emitida', days, at('2026-05-24T02:59:00Z'))).toBe('vigente');
    expect(aetSituation('emitida', days, at('2026-05-24T03:00:00Z'))).toBe('expirada');
    expect(aetSituation('emitida', days, at('2026-05-20T02:59:00Z'))).toBe('aguardandoInicio');
  });

  it("follows the department's suspension and cancellation and the recorded expiry whatever the date", () => {
    for (const status of ['suspensa', 'cancelada', 'expirada'] as const)
      expect(aetSituation(status, days, at('2026-05-21T12:00:00Z'))).toBe(status);
  });

  it('reads the validity days of the request in São Paulo', () => {
    expect(
      validityDays({
        dataInicioValidade: '2026-05-20T03:00:00.000Z',
        dataFimValidade: '2026-06-19T02:00:00.000Z',
      }),
    ).toEqual({ validFrom: '2026-05-20', validUntil: '2026-06-18' });
    expect(validityDays({})).toEqual({ validFrom: null, validUntil: null });
    expect(saoPauloDay('2026-01-01T02:00:00Z')).toBe('2025-12-31');
  });
});

describe('the requerente on the public page (LGPD)', () => {
  it("masks a person's name and CPF", () => {
    expect(publicRequerente('JOÃO DA SILVA', '529.982.247-25')).toEqual({
      name: 'J*** D* S****',
      document: '***.982.247-**',
    });
    expect(maskPersonName(' Ana  Lu ')).toBe('A** L*');
  });

  it("shows a company's name and CNPJ", () => {
    expect(publicRequerente('TRANSLOG LTDA', '48271653000131')).toEqual({
      name: 'TRANSLOG LTDA',
      document: '48.271.653/0001-31',
    });
  });
});

describe('the way through the AET workflow', () => {
  const component = ApplicationDefinitionSchema.parse(AET_DEFINITION).components.find(
    (candidate) => candidate.name === 'SolicitacaoAET',
  )!;

  it('issues a draft by the fewest actions and suspends an issued AET', () => {
    const path = actionPath(component, 'rascunho', 'emitida').map((action) => action.key);
    expect(path[0]).toBe('enviar');
    expect(path.at(-1)).toBe('emitir');
    expect(path).not.toContain('indeferir');
    expect(actionPath(component, 'emitida', 'suspensa').map((action) => action.key)).toEqual(['suspender']);
    expect(() => actionPath(component, 'cancelada', 'emitida')).toThrow(/no way/);
  });
});
