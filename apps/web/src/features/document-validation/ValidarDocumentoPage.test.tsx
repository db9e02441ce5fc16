import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { fakeApi, json } from '../auth/testing/fakeApi.ts';

/** A validarDocumento answer for a signed TPEU whose request is now in `status`. */
const signedPermit = (status: { 'pt-BR': string; en: string }) => ({
  valid: true,
  fileName: 'Termo de Permissão Especial de Uso - TPEU-2026-000007.pdf',
  sha256: 'ab'.repeat(32),
  stampedAt: null,
  signatures: [
    {
      signerName: 'DER - DEPARTAMENTO DE ESTRADAS DE RODAGEM',
      cpfMasked: null,
      certificateSubject: 'CN=DER',
      certificateSerial: '0A1B',
      signedAt: '2026-11-20T14:30:00.000Z',
      documentSha256: 'ab'.repeat(32),
    },
  ],
  matches: null,
  process: {
    label: { 'pt-BR': 'Solicitação de TPEU', en: 'TPEU request' },
    formattedId: 'TPEU-2026-000007',
    statusName: status,
    statusColor: '#C62828',
  },
});

describe('validar documento', () => {
  it("shows an authentic document with its request's current status", async () => {
    const api = fakeApi({
      'GET /public/validarDocumento': () => json(signedPermit({ 'pt-BR': 'Revogada', en: 'Revoked' })),
    });
    renderApp({ path: '/validarDocumento?uid=abcdefgh1234' });
    expect(
      await screen.findByText(/Termo de Permissão Especial de Uso - TPEU-2026-000007\.pdf/),
    ).toBeTruthy();
    expect(screen.getByText('Solicitação de TPEU nº TPEU-2026-000007')).toBeTruthy();
    expect(screen.getByText('Situação atual: Revogada')).toBeTruthy();
    expect(api.find('GET', '/public/validarDocumento')[0]?.query.get('uid')).toBe('abcdefgh1234');
  });

  it('says nothing of a request for a document that is not authentic', async () => {
    fakeApi({
      'GET /public/validarDocumento': () =>
        json({ ...signedPermit({ 'pt-BR': 'Vigente', en: 'In force' }), valid: false, process: null }),
    });
    renderApp({ path: '/validarDocumento?uid=abcdefgh1234' });
    expect(await screen.findByText('O documento não foi encontrado ou não é autêntico.')).toBeTruthy();
    expect(screen.queryByText(/Situação atual/)).toBeNull();
  });
});
