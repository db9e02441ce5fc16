import type { Plugin } from 'vite';

/**
 * Fails the build unless notistack and goober are in the entry chunk. goober (notistack's styling) creates its
 * style element when notistack is evaluated and takes the CSP nonce from window.__nonce__, which
 * src/app/installCspNonce.ts sets as the entry's first module: in a chunk of their own, imported by the entry,
 * they would be evaluated before it and their styles refused by the Content-Security-Policy.
 */
export function entryKeepsNonceStyledModules(): Plugin {
  return {
    name: 'der:entry-keeps-nonce-styled-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const ids = Object.keys(chunk.modules);
        for (const library of ['notistack', 'goober']) {
          if (!ids.some((id) => id.includes(`node_modules/${library}/`))) {
            this.error(
              `${library} is not in the entry chunk ${chunk.fileName}: its styles would miss the CSP nonce`,
            );
          }
        }
      }
    },
  };
}
