import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX } from './register-route.ts';

/**
 * The OpenAPI document, generated from the routes registered through registerRoute (their contract schemas),
 * at GET /api/openapi.json, and a browsable reference at /api/docs. Register before the routes: swagger
 * collects them as they are added.
 *
 * The reference page runs under the same nonce CSP as everything else: @fastify/swagger-ui serves only
 * external scripts and stylesheets from this origin ('self'), and Swagger UI's own inline `style` attributes
 * are allowed by style-src-attr. Its online validator badge (an outside image) is turned off.
 */
export const openApiPlugin = fp(
  async (app, options: { version: string; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'DER — Portal de Serviços API',
          description:
            'API do portal (AET, Faixa de Domínio e runtime de aplicações). Mensagens em pt-BR ou en.',
          version: options.version,
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: `${API_PREFIX}/docs`,
      uiConfig: { validatorUrl: null, deepLinking: true },
      staticCSP: false,
    });

    app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
