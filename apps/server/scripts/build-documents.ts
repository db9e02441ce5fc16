/**
 * Generates the static PDFs the product ships (terms of use, account guides, manuals) and writes them where
 * they are served from. Run once after changing their content, then commit the PDFs:
 *
 *   node_modules/.bin/node apps/server/scripts/build-documents.ts      (from the repository root)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STATIC_DOCUMENTS } from '../src/modules/documents/static-documents.ts';

for (const document of STATIC_DOCUMENTS) {
  const bytes = await document.build();
  await mkdir(path.dirname(document.path), { recursive: true });
  await writeFile(document.path, bytes);
  console.log(`${path.relative(process.cwd(), document.path)}  (${Math.round(bytes.length / 1024)} KB)`);
}
