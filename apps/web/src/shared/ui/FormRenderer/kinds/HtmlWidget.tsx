import { Box } from '@mui/material';
import { useMemo } from 'react';
import { sanitizeHtml } from '../sanitizeHtml.ts';
import type { KindProps } from './kindProps.ts';

/** Static markup of the definition, sanitised (no script, no event handlers) before it reaches the page. */
export function HtmlWidget({ component }: KindProps<'html'>) {
  const html = useMemo(() => sanitizeHtml(component.content), [component.content]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above
  return <Box className="form-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
