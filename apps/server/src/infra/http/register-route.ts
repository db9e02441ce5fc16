import {
  assertNever,
  ErrorBodySchema,
  type RouteBodyParsed,
  type RouteContract,
  type RouteQueryParsed,
  type RouteResponse,
} from '@der/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SerializedJson } from './serialized-json.ts';
import { refuseUnstorableInput } from './storable-input.ts';

export const API_PREFIX = '/api';

/** The request a contract's handler sees: query and body already parsed by the contract's schemas. */
export type RouteRequest<C extends RouteContract> = FastifyRequest & {
  query: RouteQueryParsed<C>;
  body: RouteBodyParsed<C>;
};

export type RouteHandler<C extends RouteContract> = (
  request: RouteRequest<C>,
  reply: FastifyReply,
) => Promise<RouteAnswer<C>> | RouteAnswer<C>;

/** The contract's response, or the same already serialised (see SerializedJson). */
type RouteAnswer<C extends RouteContract> = RouteResponse<C> | SerializedJson<RouteResponse<C>>;

function accessHook(app: FastifyInstance, contract: RouteContract): onRequestHookHandler | undefined {
  switch (contract.access) {
    case 'public':
      return undefined;
    case 'login-step':
      return app.requireLoginStep;
    case 'session':
      return app.requireSession;
    case 'admin':
      return app.requireAdmin;
    default:
      return assertNever(contract.access);
  }
}

/**
 * Mounts a contract of packages/contracts under /api: its zod schemas validate the query and body and
 * serialise the answer, feed the OpenAPI document, and its `access` picks the auth hook. The hook runs on
 * request, so an anonymous caller gets 401 before any body is parsed or validated. Before the schemas, every
 * route refuses text the database cannot store and runaway nesting (storable-input.ts): one place for all.
 */
export function registerRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C>,
) {
  const onRequest = accessHook(app, contract);
  app.route({
    method: contract.method,
    url: `${API_PREFIX}${contract.path}`,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.produces ? { produces: [contract.produces] } : {}),
      ...(contract.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      response: {
        // Binary and text answers (PDF, spreadsheets) are sent by the handler as they are.
        ...(contract.produces ? {} : { 200: contract.response }),
        '4xx': ErrorBodySchema,
        '5xx': ErrorBodySchema,
      },
    },
    ...(onRequest ? { onRequest } : {}),
    preValidation: refuseUnstorableInput,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
