import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { getErrorMessage } from './getErrorMessage.ts';

describe('getErrorMessage', () => {
  it('prefers the Message field of the response body', () => {
    const error = new ApiError('generic', {
      status: 400,
      body: { Message: 'Login inválido', code: 'BAD_REQUEST' },
    });
    expect(getErrorMessage(error)).toBe('Login inválido');
  });

  it('reads Message from an axios-like response.data', () => {
    expect(getErrorMessage({ message: 'x', response: { data: { Message: 'Do servidor' } } })).toBe(
      'Do servidor',
    );
  });

  it("falls back to the error's message", () => {
    expect(getErrorMessage(new Error('Falhou'))).toBe('Falhou');
  });

  it('falls back to the error itself when it is text', () => {
    expect(getErrorMessage('Texto do erro')).toBe('Texto do erro');
  });

  it("falls back to 'ERRO' when there is nothing to show", () => {
    expect(getErrorMessage(undefined)).toBe('ERRO');
    expect(getErrorMessage(null)).toBe('ERRO');
    expect(getErrorMessage({})).toBe('ERRO');
    expect(getErrorMessage(new Error(''))).toBe('ERRO');
  });

  it('shows only the part before the detailed-error marker and logs the rest', () => {
    const log = vi.fn();
    const error = new ApiError('x', {
      status: 500,
      body: { Message: 'Não foi possível salvar.##DETAILEDERROR##stack: at save (items.ts:10)' },
    });
    expect(getErrorMessage(error, log)).toBe('Não foi possível salvar.');
    expect(log).toHaveBeenCalledWith('stack: at save (items.ts:10)');
  });

  it('applies the marker rule to plain error messages too', () => {
    const log = vi.fn();
    expect(getErrorMessage(new Error('Falha##DETAILEDERROR##detalhe'), log)).toBe('Falha');
    expect(log).toHaveBeenCalledWith('detalhe');
  });

  it('does not log when there is no marker', () => {
    const log = vi.fn();
    getErrorMessage('Simples', log);
    expect(log).not.toHaveBeenCalled();
  });
});
