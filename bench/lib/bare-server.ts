import Fastify from 'fastify';
import { DEFAULT_PLATFORM_SETTINGS } from '../../apps/server/src/modules/platform/platform.seed.ts';

// The baseline of `npm run bench`: Fastify with no logging, no plugins, no hooks and no database, answering the
// same document the product's settings route answers (the seeded settings). The ratio then measures what the
// product's own stack costs per request (security headers, request ids, validation, the settings lookup), not
// the size of the payload.
const app = Fastify({ logger: false });
app.get('/bare', async () => DEFAULT_PLATFORM_SETTINGS);

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
