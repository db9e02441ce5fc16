import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A response already encoded by its contract schema and turned into JSON text. Hot read-mostly routes (the
 * platform settings every page load fetches) cache one and answer it without encoding the same value again.
 */
export class SerializedJson<T> {
  readonly json: string;
  /** Type only: what the JSON holds, so a handler returning it still matches its contract. */
  declare readonly value: T;

  constructor(json: string) {
    this.json = json;
  }
}

/** Validates and encodes `value` with `schema` once; throws when it does not match. */
export function serializeOnce<S extends z.ZodType>(
  schema: S,
  value: z.output<S>,
): SerializedJson<z.output<S>> {
  return new SerializedJson(JSON.stringify(schema.encode(value)));
}

/** The zod serializer compiler, passing SerializedJson answers through as they are. */
export const serializerCompilerWithCache: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  return (data: unknown) => (data instanceof SerializedJson ? data.json : serialize(data));
};

const cache = new WeakMap<object, SerializedJson<unknown>>();

/**
 * serializeOnce, remembered per value object: a service that hands out the same cached object until it
 * changes gets its JSON encoded once per change, not once per request.
 */
export function serializeCached<S extends z.ZodType>(
  schema: S,
  value: z.output<S> & object,
): SerializedJson<z.output<S>> {
  let serialized = cache.get(value) as SerializedJson<z.output<S>> | undefined;
  if (!serialized) {
    serialized = serializeOnce(schema, value);
    cache.set(value, serialized);
  }
  return serialized;
}
