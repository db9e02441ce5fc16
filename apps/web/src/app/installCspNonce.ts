import { readCspNonce } from './cspNonce.ts';

// Imported first by main.tsx: notistack styles itself with goober at module load, and goober reads the nonce
// for its one style element from window.__nonce__, so it must be set before notistack is evaluated.
window.__nonce__ = readCspNonce();
