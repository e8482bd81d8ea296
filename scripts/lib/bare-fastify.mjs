// The yardstick `npm run bench` measures our app against: a bare Fastify server in its own process,
// no plugins or hooks, one POST route answering the gateway's success shape. Usage: PORT=… node this.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/v2/api/v1', async () => ({ status: true, result: { data: {} } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3292) });
console.info(`bare Fastify on ${process.env.PORT ?? 3292}`);
