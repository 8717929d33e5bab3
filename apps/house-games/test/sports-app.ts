import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SportsFeed, SportsFeedEvents } from '../src/games/sports/feed.ts';
import type { HouseServices } from '../src/services.ts';
import { houseTestApp } from './house-app.ts';

/**
 * The sportsbook's integration tests: house games against the fake casino with a feed the test
 * drives (`sports.feed` lists events, suspends them, moves prices, sends results) and the book
 * started. Started before the file's tests and closed after them; `env` adds the file's settings.
 */
export const sportsTestApp = (env: Record<string, string> = {}, opts: { databaseUrl?: () => string } = {}) => {
  const sports = {} as { services: HouseServices; feed: SportsFeedEvents; app: FastifyInstance };
  const manualFeed: SportsFeed = {
    name: 'manual',
    start: (events) => {
      sports.feed = events;
    },
    stop: () => {},
  };
  const house = houseTestApp({ HOUSE_GAMES_SPORTS_MARGIN_BP: '0', ...env }, { ...opts, sportsFeed: manualFeed });
  beforeAll(async () => {
    ({ services: sports.services, app: sports.app } = await house.start());
    await sports.services.sports.start();
  });
  afterAll(() => house.close());
  return { ...house, sports };
};
