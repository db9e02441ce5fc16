import { z } from 'zod';

/**
 * Where a component's items land when they are created without a project — the requests filed in a portal by
 * requerentes and permissionários, who are members of no project. The project is named by its title (an item
 * of a project component, e.g. 'Solicitações de AET'); its members — the department's analysts — then see and
 * work on every new request, while each applicant, a member of none, still sees only their own (as creator).
 * When no project has that title the item is created without one, as if the key were absent.
 */
export const ExternalRequestsSchema = z.object({
  projectTitle: z.string().trim().min(1).max(200),
});
export type ExternalRequests = z.infer<typeof ExternalRequestsSchema>;
