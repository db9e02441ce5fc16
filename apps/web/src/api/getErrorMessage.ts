import { DETAILED_ERROR_MARKER } from '@der/contracts';

const DEFAULT_ERROR_TEXT = 'ERRO';

function readMessageField(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'Message' in value) {
    const message = (value as { Message: unknown }).Message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

function findRawText(error: unknown): string {
  if (error && typeof error === 'object') {
    // The response's Message field: ApiError keeps the body; axios-like errors keep response.data.
    const body = 'body' in error ? (error as { body: unknown }).body : undefined;
    const response = 'response' in error ? (error as { response: unknown }).response : undefined;
    const responseData =
      response && typeof response === 'object' && 'data' in response ? response.data : undefined;
    const fromResponse = readMessageField(body) ?? readMessageField(responseData) ?? readMessageField(error);
    if (fromResponse) return fromResponse;
    if ('message' in error && typeof error.message === 'string' && error.message !== '') return error.message;
  }
  if (typeof error === 'string' && error !== '') return error;
  if (typeof error === 'number' || typeof error === 'boolean') return String(error);
  return DEFAULT_ERROR_TEXT;
}

/**
 * The text shown for an error (spec §8): the response's Message field, else the error's message, else the
 * error itself, else 'ERRO'. Whatever follows '##DETAILEDERROR##' is diagnostic detail: it goes to the console,
 * never to the screen.
 */
export function getErrorMessage(error: unknown, log: (detail: string) => void = console.error): string {
  const text = findRawText(error);
  const markerAt = text.indexOf(DETAILED_ERROR_MARKER);
  if (markerAt < 0) return text;
  log(text.slice(markerAt + DETAILED_ERROR_MARKER.length));
  const shown = text.slice(0, markerAt).trim();
  return shown === '' ? DEFAULT_ERROR_TEXT : shown;
}
