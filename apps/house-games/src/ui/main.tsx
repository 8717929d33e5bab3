import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GamePage } from './GamePage.tsx';
import { VerifyPage } from './games/VerifyPage.tsx';
import { LiveVerify } from './games/live/LiveVerify.tsx';
import { FishVerify } from './games/fish/FishVerify.tsx';
import { CockfightVerify } from './games/CockfightVerify.tsx';
import { setTimeZone } from './lib/format.ts';
import { setLanguage } from './lib/i18n.ts';
import './styles.css';

/** Two screens: a game opened from a casino (/play/<code>?launchToken=…) and the verify page. */
const params = new URLSearchParams(location.search);
setLanguage(params.get('lang') ?? navigator.language);
setTimeZone(params.get('tz'));

const path = location.pathname;
const play = /^\/play\/([^/]+)/.exec(path);
/** A live table's chat alone: the chatUrl the casino's launch chat call returns (decision 097). */
const chat = /^\/chat\/([^/]+)/.exec(path);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {play ? (
      <GamePage code={decodeURIComponent(play[1]!)} params={params} />
    ) : chat ? (
      <GamePage code={decodeURIComponent(chat[1]!)} params={params} chatOnly />
    ) : path.startsWith('/verify/fish') ? (
      <FishVerify params={params} />
    ) : path.startsWith('/verify/cockfight') ? (
      <CockfightVerify params={params} />
    ) : path.startsWith('/verify/live') ? (
      <LiveVerify params={params} />
    ) : path.startsWith('/verify') ? (
      <VerifyPage params={params} />
    ) : (
      <main className="center-note">
        <h1>Lotus Originals</h1>
        <p>
          <a href="/verify">Verify an outcome</a>
        </p>
      </main>
    )}
  </StrictMode>,
);
