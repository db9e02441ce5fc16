import { sendEarlyPageRequests } from './earlyPageRequest.ts';

// Imported by main.tsx before the app: the page's first requests leave while React, MUI and the translations are
// still being evaluated, instead of after them (a schedule's answer alone takes longer than all of that).
sendEarlyPageRequests(window.location);
