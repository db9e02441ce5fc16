import { signatureRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import type { Db } from '../../infra/db/database.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { type RateLimitHook, withRateLimit } from '../../modules/accounts/accounts.plugin.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import { validateDocument } from './public-documents.ts';
import type { SignaturesService } from './signatures.service.ts';
import type { SigningCertificates } from './signing-certificates.ts';

/** Signatures and stamps of attachments, the signer's and the department's A1, the public document check. */
export const signaturesPlugin: FastifyPluginAsync<{
  db: Db;
  service: SignaturesService;
  certificates: SigningCertificates;
  rateLimit?: RateLimitHook;
}> = async (app, { db, service, certificates, rateLimit }) => {
  registerRoute(app, signatureRoutes.signFileAttachment, (request) =>
    service.signFileAttachment(itemActorOf(request), request.body),
  );
  registerRoute(app, signatureRoutes.stampFileAttachment, (request) =>
    service.stampFileAttachment(itemActorOf(request), request.body),
  );
  registerRoute(app, signatureRoutes.loadMyCertificate, async (request) => ({
    certificate: await certificates.loadMine(sessionOf(request).userId),
  }));
  registerRoute(app, signatureRoutes.saveMyCertificate, async (request) => ({
    certificate: await certificates.saveMine(sessionOf(request).userId, request.body),
  }));
  registerRoute(app, signatureRoutes.removeMyCertificate, async (request) => {
    await certificates.removeMine(sessionOf(request).userId);
    return { certificate: null };
  });
  registerRoute(app, signatureRoutes.loadDepartmentCertificate, async () => ({
    certificate: await certificates.loadDepartment(),
  }));
  registerRoute(app, signatureRoutes.saveDepartmentCertificate, async (request) => ({
    certificate: await certificates.saveDepartment(sessionOf(request).userId, request.body),
  }));
  registerRoute(app, signatureRoutes.removeDepartmentCertificate, async () => {
    await certificates.removeDepartment();
    return { certificate: null };
  });
  // Public and unauthenticated: limited per IP, like /validarAET, so uids cannot be swept.
  await withRateLimit(app, rateLimit, (scope) => {
    registerRoute(scope, signatureRoutes.validarDocumento, (request) => validateDocument(db, request.query));
  });
};
