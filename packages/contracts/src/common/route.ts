import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `public` needs nothing; `login-step` a session token even while the login is still
 * completing its steps (terms of use, two-step code); `session` a fully signed-in session; `admin` the
 * administration permission of spec §6.
 */
export type RouteAccess = 'public' | 'login-step' | 'session' | 'admin';

/**
 * One API route, shared by the server (validation, OpenAPI) and the web client (typed calls). `path` is
 * relative to the API base (`/api`), exactly as spec §7 writes it.
 */
export interface RouteContract<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: `/${string}`;
  access: RouteAccess;
  summary: string;
  tags: string[];
  querystring?: Q;
  body?: B;
  response: R;
  /** When the answer is not JSON (a PDF, a spreadsheet, base64 text), the content type it has. */
  produces?: string;
}

export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(route: RouteContract<Q, B, R>): RouteContract<Q, B, R> {
  return route;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

export type RouteQuery<R> =
  R extends RouteContract<infer Q, infer _B, infer _R> ? InputOr<Q, undefined> : never;
export type RouteBody<R> =
  R extends RouteContract<infer _Q, infer B, infer _R> ? InputOr<B, undefined> : never;
export type RouteResponse<R> =
  R extends RouteContract<infer _Q, infer _B, infer Res> ? InferOr<Res, unknown> : never;

/** Parsed (server-side) shapes. */
export type RouteQueryParsed<R> =
  R extends RouteContract<infer Q, infer _B, infer _R> ? InferOr<Q, undefined> : never;
export type RouteBodyParsed<R> =
  R extends RouteContract<infer _Q, infer B, infer _R> ? InferOr<B, undefined> : never;

/** Keeps `switch` statements exhaustive: a new union member becomes a compile error here. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
