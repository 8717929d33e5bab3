import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './seed/index.ts';

/** A configuration error, from the environment or from the wiring, stops the start naming the variable. */
const orStop = <T>(build: () => T): T => {
  try {
    return build();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
};

const main = async () => {
  // Production refuses unsafe settings in one message (decision 051). When no first operator's
  // password is given, whether one is needed depends on the database, so those rules wait for it.
  const production = process.env.NODE_ENV === 'production';
  const deferred = production && !process.env.OPERATOR_BOOTSTRAP_PASSWORD;
  const config = orStop(() => loadConfig(process.env, { productionRules: !deferred }));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  // Instances started together (a deployment, the cluster test) migrate and seed one at a time.
  const ctx = await database.exclusively(async () => {
    await database.migrate();
    const built = orStop(() => createContext(config, database));
    if (deferred) {
      const operatorExists = await built.operators.anyExists();
      orStop(() => loadConfig(process.env, { operatorExists }));
    }
    await seed(built, { demo: config.SEED_DEMO_DATA });
    // The default brand's house lottery games, so a fresh start has live periods within seconds.
    await built.lottery.ensureConfig(await built.merchants.resolveId(undefined));
    return built;
  });
  const app = await buildApp(ctx);
  app.addHook('onClose', () => ctx.jobs.stop());

  let closing = false;
  // Node's server.close() reaps connections that are idle at that moment only; a keep-alive
  // connection whose request was in flight would then hold the shutdown open until its idle
  // timeout. Responses sent while closing tell the client to hang up instead.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  ctx.jobs.start(app.log);
  app.log.info(
    { url: `http://localhost:${config.PORT}`, database: database.driver },
    `Lotus platform ready on http://localhost:${config.PORT}`,
  );
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
