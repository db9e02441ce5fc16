import { sendEarlyPageRequest } from './earlyPageRequest.ts';

// Imported by main.tsx before the app: the page's first request leaves while React, MUI and the translations are
// still being evaluated, instead of after them (a schedule's answer takes longer than all of that).
sendEarlyPageRequest(window.location);
