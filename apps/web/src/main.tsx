import './app/installCspNonce.ts';
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.tsx';
import { createNonceEmotionCache, readCspNonce } from './app/cspNonce.ts';
import { i18n } from './app/i18n.ts';

const nonce = readCspNonce();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders emotionCache={createNonceEmotionCache(nonce)} i18n={i18n} />
  </StrictMode>,
);
