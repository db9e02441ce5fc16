import { describe, expect, it } from 'vitest';
import { buildViewerUrl } from './buildViewerUrl.ts';

describe('buildViewerUrl', () => {
  it('passes the token, the language and every current query parameter', () => {
    expect(
      buildViewerUrl({
        baseUrl: '/api',
        viewer: 'reportviewer',
        token: 'abc.def',
        language: 'pt-BR',
        search: '?id=5&filtro=a b&id=6',
      }),
    ).toBe('/api/reportviewer?token=abc.def&language=pt-BR&id=5&filtro=a+b&id=6');
  });

  it('adds the extras and lets token, language and extras win over same-named query parameters', () => {
    const url = buildViewerUrl({
      baseUrl: '/api/',
      viewer: 'PrintLayoutViewer',
      token: 'real',
      language: 'en',
      search: '?token=forged&language=xx&reportID=1&x=2',
      extra: { reportID: '9' },
    });
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.pathname).toBe('/api/PrintLayoutViewer');
    expect(parsed.searchParams.getAll('token')).toEqual(['real']);
    expect(parsed.searchParams.get('language')).toBe('en');
    expect(parsed.searchParams.getAll('reportID')).toEqual(['9']);
    expect(parsed.searchParams.get('x')).toBe('2');
  });
});
