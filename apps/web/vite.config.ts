import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            // PDF.js is large and only the PDF viewer (lazy) needs it: its own chunk keeps it off other pages.
            { name: 'pdf', test: /node_modules[\\/](pdfjs-dist|react-pdf)[\\/]/ },
            // notistack and goober stay in the entry chunk: goober creates its style element when notistack
            // loads, and must find the CSP nonce that src/app/installCspNonce.ts sets first in that chunk.
            { name: 'vendor', test: /node_modules[\\/](?!notistack|goober)/ },
          ],
        },
      },
    },
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
