import { loadConfig } from './config.ts';
import { buildHouseApp } from './server/app.ts';
import { createServices } from './services.ts';
import { openHouseDb } from './store/db.ts';

/** The house-games provider: its own process, its own database, HTTP-only to the platform. */
const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const db = await openHouseDb({ url: config.HOUSE_GAMES_DATABASE_URL, dataDir: config.dataDir });
  const services = createServices(config, db);
  const app = await buildHouseApp(config, services);
  await services.crash.start();
  await services.cockfight.start();
  await services.sports.start();
  await services.live.start();
  await services.pvp.start();
  await services.fish.recover();
  services.outbox.start();
  const shutdown = async () => {
    services.crash.stop();
    services.cockfight.stop();
    services.sports.stop();
    services.live.stop();
    services.pvp.stop();
    services.outbox.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  await app.listen({ port: config.HOUSE_GAMES_PORT, host: config.HOUSE_GAMES_HOST });
  app.log.info(
    { host: config.HOUSE_GAMES_HOST, port: config.HOUSE_GAMES_PORT, frameAncestors: config.frameAncestors },
    `House games ready on ${config.HOUSE_GAMES_PUBLIC_URL} (platform ${config.HOUSE_GAMES_PLATFORM_URL})`,
  );
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
