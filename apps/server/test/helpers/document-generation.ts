import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setDocumentGeneration } from '../../src/engine/print-layouts/generate-document.ts';
import { createLocalFileStore } from '../../src/infra/storage/local-file-store.ts';

/**
 * For a test that seeds the demo data on a bare database (no app): the workflow's generateDocument needs what
 * app.ts hands over — a file store (a fresh temporary folder) and the department's signer, here one with no
 * certificate set, as on a new installation (the AET is then attached unsigned and says so).
 */
export function wireTestDocumentGeneration(publicUrl: string): void {
  setDocumentGeneration({
    fileStore: createLocalFileStore(path.join(os.tmpdir(), `der-test-files-${randomUUID()}`)),
    signer: { loadDepartment: async () => null, signWithDepartmentCertificate: async () => null },
    publicUrl,
  });
}
