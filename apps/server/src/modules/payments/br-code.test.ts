import { describe, expect, it } from 'vitest';
import { crc16, pixPayload } from './br-code.ts';

describe('PIX BR Code', () => {
  it('builds the Banco Central manual example byte for byte, CRC16-CCITT included', () => {
    // "Manual de Padrões para Iniciação do Pix", static BR Code example.
    expect(
      pixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('computes CRC16-CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('writes the amount with two decimals and the txid, names without accents', () => {
    const payload = pixPayload({
      key: 'pix@der.sp.gov.br',
      merchantName: 'Departamento de Estradas de Rodagem',
      merchantCity: 'São Paulo',
      amount: 66.14,
      txid: 'AET2026000123',
    });
    expect(payload).toContain('540566.14');
    expect(payload).toContain('5924Departamento de Estradas6009');
    expect(payload).toContain('6009Sao Paulo');
    expect(payload).toContain('62170513AET2026000123');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});
