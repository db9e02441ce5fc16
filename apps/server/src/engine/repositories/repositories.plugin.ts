import { repositoryRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { RepositoriesService } from './repositories.service.ts';

/** Spec §2.9 project document repositories under /repository/. */
export const repositoriesPlugin: FastifyPluginAsync<{ service: RepositoriesService }> = async (
  app,
  { service },
) => {
  registerRoute(app, repositoryRoutes.loadRepositoryProjects, (request) =>
    service.loadRepositoryProjects(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.loadRepository, (request) =>
    service.loadRepository(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.loadRepositoryFiles, (request) =>
    service.loadRepositoryFiles(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.searchRepository, (request) =>
    service.searchRepository(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.createRepositoryFolder, (request) =>
    service.createRepositoryFolder(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.renameRepositoryFolder, (request) =>
    service.renameRepositoryFolder(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.deleteRepositoryFolder, (request) =>
    service.deleteRepositoryFolder(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.addRepositoryFile, (request) =>
    service.addRepositoryFile(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.moveRepositoryEntry, (request) =>
    service.moveRepositoryEntry(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.loadFolderAccess, (request) =>
    service.loadFolderAccess(itemActorOf(request), request.body),
  );
  registerRoute(app, repositoryRoutes.saveFolderAccess, (request) =>
    service.saveFolderAccess({ ...itemActorOf(request), ip: request.ip }, request.body),
  );
  registerRoute(app, repositoryRoutes.downloadRepositoryFile, async (request, reply) => {
    const { file, content, disposition } = await service.downloadRepositoryFile(
      itemActorOf(request),
      request.query.itemId,
    );
    return (
      reply
        .type(file.mediaType)
        .header('content-disposition', disposition)
        .header('content-length', content.length)
        .header('x-content-type-options', 'nosniff')
        // Nothing in a stored file may run as part of the page (as downloadFile).
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(content)
    );
  });
};
