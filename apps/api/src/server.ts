import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedSampleData } from './db/seed';
import { findSampleStaffWithSamplePassword } from './modules/staff/seed';
import { productionStartRefusal } from './web-build';

/** Reads the configuration, prepares the database and listens; nothing else lives here. */
async function main(): Promise<void> {
  // First of all: a production start without the web build stops here, whatever else is wrong.
  const refusal = productionStartRefusal(process.env);
  if (refusal) throw new Error(refusal);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const isProduction = config.NODE_ENV === 'production';
  if (config.SEED_SAMPLE_DATA) await seedSampleData(database.db, { sampleStaff: !isProduction });
  if (isProduction) {
    const exposed = await findSampleStaffWithSamplePassword(database.db);
    if (exposed.length > 0) {
      throw new Error(
        `Refusing to start in production: these accounts still have the public sample password (change or disable them): ${exposed.join(', ')}`,
      );
    }
  }

  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `Bima Portal on http://localhost:${config.PORT} (database: ${database.kind}, Node ${process.versions.node})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
