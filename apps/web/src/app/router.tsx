import type { GameType } from '@app/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlayerLayout } from '../features/shell/index.ts';
import { loadChunk } from '../lib/chunks.ts';
import { helpRoute, loginRoute, registerRoute, requireAgent, requireMember, requireSession } from './guards.ts';
import { frameSlots } from './frameSlots.tsx';
import { RootLayout } from './RootLayout.tsx';
import { AgentRouteError, RootError, RouteError } from './RouteError.tsx';
import HomeRoute from './routes/home.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';

/*
 * Spec §2 route table. The home page ships with the first load; every other page is a lazy
 * chunk (loaded through loadChunk, so it times out after 120 s like the original client).
 */
const games = () => loadChunk(() => import('./routes/games.tsx'));
const lottery = () => loadChunk(() => import('./routes/lottery.tsx'));
const agent = () => loadChunk(() => import('./routes/agent.tsx'));

const gameCenter = (path: string, gameType: GameType): RouteObject => ({
  path,
  lazy: async () => {
    const { GameCenterRoute } = await games();
    return { element: <GameCenterRoute gameType={gameType} /> };
  },
});

const gameList = (path: string, gameType: GameType): RouteObject => ({
  path,
  lazy: async () => {
    const { GameListRoute } = await games();
    return { element: <GameListRoute gameType={gameType} /> };
  },
});

const accountGames = (path: string, kind: 'favorite' | 'recent'): RouteObject => ({
  path,
  loader: requireSession,
  lazy: async () => {
    const { AccountGamesRoute } = await games();
    return { element: <AccountGamesRoute kind={kind} /> };
  },
});

/** Lottery paths differ only by case (seaLottery / sealottery), so they match case-sensitively. */
const lotteryPage = (path: string, area: 'lottery' | 'sea' | 'vn'): RouteObject => ({
  path,
  caseSensitive: true,
  loader: requireSession,
  lazy: async () => {
    const { default: LotteryRoute } = await lottery();
    return { element: <LotteryRoute area={area} /> };
  },
});

const home = (path: string): RouteObject => ({ path, element: <HomeRoute /> });

export const playerRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  home('index'),
  home('index.html'),
  home('home'),
  { path: 'help', loader: helpRoute, element: <HomeRoute /> },
  { path: 'login', loader: loginRoute },
  { path: 'register', loader: registerRoute, element: <HomeRoute /> },
  {
    path: 'promotions',
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/promotions.tsx'))).default }),
  },
  {
    path: 'pointMall',
    loader: requireSession,
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/pointMall.tsx'))).default }),
  },
  {
    path: 'vip',
    loader: requireSession,
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/vip.tsx'))).default }),
  },
  {
    path: 'seamless',
    // A free trial (demo=1) needs no login; real play does.
    loader: (args) => (new URL(args.request.url).searchParams.get('demo') === '1' ? null : requireSession(args)),
    lazy: async () => ({ Component: (await games()).SeamlessRoute }),
  },
  gameCenter('sports', 'SPORTS'),
  gameCenter('esports', 'ESPORTS'),
  gameCenter('lott', 'LOTT'),
  gameCenter('elott', 'ELOTT'),
  gameList('live', 'LIVE'),
  gameList('fish', 'FISH'),
  gameList('rng', 'RNG'),
  gameList('pvp', 'PVP'),
  gameList('bgs', 'BGS'),
  accountGames('favorite', 'favorite'),
  accountGames('recent', 'recent'),
  lotteryPage('lottery', 'lottery'),
  lotteryPage('seaLottery', 'sea'),
  lotteryPage('vnLottery', 'vn'),
  lotteryPage('lottert', 'lottery'),
  lotteryPage('sealottery', 'sea'),
  lotteryPage('vnlottery', 'vn'),
  {
    path: 'download/:platform?',
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/download.tsx'))).default }),
  },
  {
    path: 'mirrors',
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/mirrors.tsx'))).default }),
  },
  {
    path: 'member',
    loader: requireMember,
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/member.tsx'))).default }),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        element: <PlayerLayout slots={frameSlots} />,
        children: [{ errorElement: <RouteError />, children: playerRoutes }],
      },
      {
        // The operator console: staff only, with its own login and layout (issue 5).
        path: 'console',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await loadChunk(() => import('./routes/console.tsx'))).default }),
      },
      {
        // The boundary sits on a parent without `lazy`: React Router renders nothing for a route
        // whose own lazy() failed, so a boundary on that same route would never show.
        errorElement: <AgentRouteError />,
        children: [
          { path: 'agent', lazy: async () => ({ Component: (await agent()).AgentLoginRoute }) },
          {
            path: 'agentHome',
            loader: requireAgent,
            lazy: async () => ({ Component: (await agent()).AgentHomeRoute }),
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
