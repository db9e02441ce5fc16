import Fastify from 'fastify';

// The baseline of `npm run bench`: Fastify with one trivial JSON route, no logging, no plugins, no database.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
