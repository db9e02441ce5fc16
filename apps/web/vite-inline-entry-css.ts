import type { Plugin } from 'vite';

// The entry's stylesheet link as Vite writes it (the CSP nonce attribute is added by html.cspNonce).
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
/** Larger stylesheets stay files: cached across pages, they cost less than a heavier index.html each time. */
const MAX_INLINE_BYTES = 4096;

/**
 * Writes the entry's small stylesheet (the Roboto @font-face rules; MUI styles itself at run time) into
 * index.html as a `<style nonce>`: a linked stylesheet blocks the first paint for one more round trip, which on
 * a mobile network is longer than its download.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'der:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle } = context;
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.length > MAX_INLINE_BYTES || css.includes('</')) return link;
          return `<style nonce="__CSP_NONCE__">${css}</style>`;
        });
      },
    },
  };
}
