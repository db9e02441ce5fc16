import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths the e2e set-up needs, independent of the directory Playwright was started from. */
export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const WEB_INDEX_HTML = path.join(WEB_DIST_DIR, 'index.html');

/**
 * The project pins Node 24 as a dev dependency (type stripping runs the server's `.ts` sources); the machine's
 * own `node` may be older, so the server is started with the pinned binary whenever it is installed.
 */
export function resolveNodeBinary(): string {
  const pinned = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}
