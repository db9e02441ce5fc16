import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_INDEX_HTML } from './paths.ts';

/** The e2e suite drives the built SPA served by the real server; without a build every page would be blank. */
export default function globalSetup(): void {
  if (!existsSync(WEB_INDEX_HTML)) {
    throw new Error(
      `The web app is not built: ${path.relative(REPO_ROOT, WEB_INDEX_HTML)} is missing.\n` +
        'Run `npm run build -w apps/web` from the repository root (or `npm test`, which builds it) before the e2e suite.',
    );
  }
}
