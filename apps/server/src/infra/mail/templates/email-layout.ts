import type { Language } from '@der/contracts';
import { escapeHtml, singleLine } from './escape-html.ts';

/** What every template returns, ready for Mailer.send. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph is plain text (escaped here) with optional emphasised parts. */
export type Paragraph = string | Array<string | { strong: string } | { code: string }>;

export interface EmailContent {
  language: Language;
  subject: string;
  greeting: string;
  paragraphs: Paragraph[];
  action?: { label: string; url: string; fallback: string };
  footer: string;
}

/**
 * One layout for all e-mails: table-based with inline styles, because mail clients (Outlook above all)
 * ignore style sheets; and a text part with the same words, for clients that show only text.
 */
export function renderEmailLayout(content: EmailContent): RenderedEmail {
  const subject = singleLine(content.subject);
  return { subject, html: renderHtml({ ...content, subject }), text: renderText(content) };
}

function renderHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${paragraphHtml(p)}</p>`)
    .join('\n');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1565c0;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(content.action.fallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:#1565c0;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return `<!DOCTYPE html>
<html lang="${content.language === 'pt-BR' ? 'pt-BR' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;font-family:Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;color:#212121">
<tr><td style="padding:32px">
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>
${paragraphs}
${action}
<p style="margin:24px 0 0;font-size:12px;color:#757575">${escapeHtml(content.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}

function paragraphHtml(paragraph: Paragraph): string {
  const parts = typeof paragraph === 'string' ? [paragraph] : paragraph;
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      return `<code style="font-family:Consolas,monospace;font-size:16px;background:#eeeeee;padding:2px 6px;border-radius:3px">${escapeHtml(part.code)}</code>`;
    })
    .join('');
}

function renderText(content: EmailContent): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [paragraphText(p), ''])];
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push('--', content.footer, '');
  return lines.join('\n');
}

function paragraphText(paragraph: Paragraph): string {
  const parts = typeof paragraph === 'string' ? [paragraph] : paragraph;
  return parts
    .map((part) => (typeof part === 'string' ? part : 'strong' in part ? part.strong : part.code))
    .join('');
}
