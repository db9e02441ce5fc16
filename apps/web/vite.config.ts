import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryKeepsNonceStyledModules } from './vite-entry-check.ts';
import { firstPagePreload } from './vite-first-page-preload.ts';
import { inlineEntryCss } from './vite-inline-entry-css.ts';
import { precompress } from './vite-precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    entryKeepsNonceStyledModules(),
    // The pages visitors open first (PUBLIC_WEB_ROUTES login, loginAet, loginFaixaDeDominio, validarAet): their
    // chunks are preloaded from index.html, not discovered after the entry ran.
    firstPagePreload({
      '/': 'src/features/auth/LoginPage.tsx',
      '/aet': 'src/features/auth/LoginPage.tsx',
      '/faixaDeDominio': 'src/features/auth/LoginPage.tsx',
      '/validarAET': 'src/features/aet-validation/ValidarAetPage.tsx',
    }),
    inlineEntryCss(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each page loads (bench/lighthouse reads it to report a page's JavaScript); not served.
    manifest: true,
    // No chunk groups: Rolldown's own split puts each module in a chunk shared by exactly the pages that use
    // it, so a login page loads no date picker, data grid or PDF.js. Groups by library (the former 'vendor'
    // and 'mui') made every page load all of node_modules; grouping by entries (entriesAware) still made the
    // login page's JavaScript 60 % larger. notistack and goober stay in the entry chunk (vite-entry-check.ts).
  },
  html: {
    // The server replaces this literal per request with the nonce of its Content-Security-Policy.
    cspNonce: '__CSP_NONCE__',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
