import './app/installCspNonce.ts';
import './app/startEarlyPageRequest.ts';
// Latin only (Portuguese and English): the other scripts' faces made the render-blocking CSS 8 times larger.
// Characters outside it fall back to the next font of the theme's list.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders.tsx';
import { createQueryClient } from './app/createQueryClient.ts';
import { createNonceEmotionCache, readCspNonce } from './app/cspNonce.ts';
import { i18n } from './app/i18n.ts';
import { preloadRoute } from './app/routePreload.ts';

// The page's code and data start before the first render, which runs in slices behind them.
const queryClient = createQueryClient();
preloadRoute(window.location, queryClient);

const nonce = readCspNonce();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A transition: the first render runs in slices React can interrupt, not one long task (index.html's spinner
// shows meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders emotionCache={createNonceEmotionCache(nonce)} i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});
