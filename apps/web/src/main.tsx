import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installAppWiring } from './app/wiring.ts';
import { applyCachedBrand } from './features/system/index.ts';
import { initI18n } from './i18n/index.ts';
import './styles/tokens.css';
import './styles/base.css';

applyCachedBrand();
installAppWiring();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The inline boot loader in #root stays on screen until the first React render replaces it.
// The first render is a transition: React renders the page in slices and lets the browser paint and
// answer input between them, instead of one long task (the home page's Total Blocking Time).
void initI18n().finally(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
