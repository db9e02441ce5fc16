import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Browser path → the lazy page module AppRoutes.tsx renders there (PUBLIC_WEB_ROUTES of the contracts). */
export type FirstPages = Record<string, string>;

function staticClosure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(start.fileName);
  return files;
}

/**
 * The pages visitors land on first (the portals' logins, the public AET validation) are lazy routes: the
 * browser would learn of their chunks only once the entry chunk ran and the settings came back. This writes a
 * small inline script into index.html that, for the path being opened, adds `<link rel="modulepreload">` for
 * that page's chunks (those the entry does not already preload), so they download alongside the entry.
 * The build fails if a page module is not a lazy chunk of its own (renamed, or imported statically).
 */
export function firstPagePreload(pages: FirstPages): Plugin {
  return {
    name: 'der:first-page-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle } = context;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('first-page-preload: no entry chunk');
        const loadedWithEntry = staticClosure(bundle, entry);
        const byPath: Record<string, string[]> = {};
        for (const [pathname, module] of Object.entries(pages)) {
          const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(module));
          if (!page) throw new Error(`first-page-preload: ${module} is not a lazy chunk of the build`);
          byPath[pathname] = [...staticClosure(bundle, page)]
            .filter((file) => !loadedWithEntry.has(file) && file.endsWith('.js'))
            .map((file) => `/${file}`);
        }
        const script =
          `(function(){var f=${JSON.stringify(byPath)}[location.pathname.replace(/\\/+$/,'')||'/'];` +
          `if(f)f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';` +
          `l.crossOrigin='';l.href=h;document.head.appendChild(l)})})()`;
        return [
          { tag: 'script', attrs: { nonce: '__CSP_NONCE__' }, children: script, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
