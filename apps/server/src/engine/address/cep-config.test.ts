import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';

describe('CEP provider configuration', () => {
  it('defaults to ViaCEP without a fallback', () => {
    const config = loadConfig({});
    expect(config.cepProviderUrl).toBe('https://viacep.com.br/ws/{cep}/json/');
    expect(config.cepFallbackProviderUrl).toBeUndefined();
  });

  it('takes both URLs from the environment', () => {
    const config = loadConfig({
      CEP_PROVIDER_URL: 'http://cep.interno/{cep}',
      CEP_FALLBACK_PROVIDER_URL: 'https://outro.example/ws/{cep}/json/',
    });
    expect(config.cepProviderUrl).toBe('http://cep.interno/{cep}');
    expect(config.cepFallbackProviderUrl).toBe('https://outro.example/ws/{cep}/json/');
  });

  it.each(['ftp://cep.example/{cep}', 'https://cep.example/sem-marcador', 'não é url'])(
    'refuses %s',
    (url) => {
      expect(() => loadConfig({ CEP_PROVIDER_URL: url })).toThrow(ConfigError);
    },
  );
});
