import type { AddressByZip } from '@der/contracts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';

/** How long one provider may take before the next one is tried (the form waits for the lookup). */
export const CEP_PROVIDER_TIMEOUT_MS = 3000;

export interface CepProviderOptions {
  /** ViaCEP-style URLs with a `{cep}` placeholder, tried in order: the provider, then the fallback. */
  urls: readonly string[];
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Told why a provider was skipped (logged by the caller; the user only sees the final answer). */
  onProviderFailure?: (url: string, reason: string) => void;
}

/** One provider's answer: the address, a definite "no such CEP", or a failure that sends us to the next. */
type ProviderAnswer =
  | { kind: 'found'; address: AddressByZip }
  | { kind: 'notFound' }
  | { kind: 'failed'; reason: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** ViaCEP's JSON (logradouro, complemento, bairro, localidade, uf) in the form's terms; null if not that shape. */
export function mapViaCepAddress(cep: string, body: unknown): AddressByZip | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const city = text(record.localidade);
  const state = text(record.uf);
  if (!city || !/^[A-Za-z]{2}$/.test(state)) return null;
  const answeredCep = text(record.cep).replace(/\D/g, '');
  return {
    cep: answeredCep.length === 8 ? answeredCep : cep,
    street: text(record.logradouro),
    complement: text(record.complemento),
    district: text(record.bairro),
    city,
    state: state.toUpperCase(),
  };
}

async function askProvider(
  url: string,
  cep: string,
  timeoutMs: number,
  fetchFn: typeof globalThis.fetch,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetchFn(url.replace('{cep}', cep), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `timeout after ${timeoutMs} ms`
        : String(error);
    return { kind: 'failed', reason };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'notFound' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `HTTP ${response.status}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'failed', reason: 'the answer is not JSON' };
  }
  // ViaCEP answers 200 {"erro": true} (older versions "erro": "true") for a well-formed CEP that does not exist.
  const erro = (body as { erro?: unknown } | null)?.erro;
  if (erro === true || erro === 'true') return { kind: 'notFound' };
  const address = mapViaCepAddress(cep, body);
  return address
    ? { kind: 'found', address }
    : { kind: 'failed', reason: 'the answer is not a ViaCEP address' };
}

/**
 * Address lookup by CEP: the configured provider, then the fallback when the first is down, slow (3 s) or
 * answers nonsense. A CEP a provider says does not exist is 404 CEP_NOT_FOUND (no point asking another);
 * when every provider fails, 503 CEP_SERVICE_UNAVAILABLE. Both messages send the user to manual entry.
 */
export function createCepProvider(options: CepProviderOptions) {
  const timeoutMs = options.timeoutMs ?? CEP_PROVIDER_TIMEOUT_MS;
  const fetchFn = options.fetch ?? globalThis.fetch;
  return {
    /** `cep`: 8 digits (the route's schema has checked and normalised it). */
    async lookup(cep: string): Promise<AddressByZip> {
      for (const url of options.urls) {
        const answer = await askProvider(url, cep, timeoutMs, fetchFn);
        if (answer.kind === 'found') return answer.address;
        if (answer.kind === 'notFound')
          throw errorWithParams('CEP_NOT_FOUND', { cep: `${cep.slice(0, 5)}-${cep.slice(5)}` });
        options.onProviderFailure?.(url, answer.reason);
      }
      throw new AppError('CEP_SERVICE_UNAVAILABLE');
    },
  };
}
export type CepProvider = ReturnType<typeof createCepProvider>;

/** The provider of the configuration (CEP_PROVIDER_URL, then CEP_FALLBACK_PROVIDER_URL when set). */
export function cepProviderFromConfig(
  config: { cepProviderUrl: string; cepFallbackProviderUrl: string | undefined },
  onProviderFailure: CepProviderOptions['onProviderFailure'],
): CepProvider {
  const urls = [config.cepProviderUrl];
  if (config.cepFallbackProviderUrl) urls.push(config.cepFallbackProviderUrl);
  return createCepProvider({ urls, ...(onProviderFailure ? { onProviderFailure } : {}) });
}
