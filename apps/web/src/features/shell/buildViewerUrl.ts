/** Spec §7.7: the server's viewers, embedded in a frame. */
export type Viewer = 'reportviewer' | 'PrintLayoutViewer';

/**
 * The frame address of a viewer: the stored token, the language and every current query parameter (spec
 * §2.9, §7.7), plus any extra parameter (the runtime's reportID). Token, language and the extras win over
 * same-named parameters of the page's own query.
 */
export function buildViewerUrl(input: {
  baseUrl: string;
  viewer: Viewer;
  token: string;
  language: string;
  search: string;
  extra?: Record<string, string>;
}): string {
  const params = new URLSearchParams(input.search);
  params.delete('token');
  params.delete('language');
  const ordered = new URLSearchParams({ token: input.token, language: input.language });
  for (const [key, value] of params) ordered.append(key, value);
  for (const [key, value] of Object.entries(input.extra ?? {})) ordered.set(key, value);
  return `${input.baseUrl.replace(/\/$/, '')}/${input.viewer}?${ordered.toString()}`;
}
