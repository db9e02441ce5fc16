import fs from 'node:fs';

/** The server's version (apps/server/package.json), reported by /api/health and the OpenAPI document. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
