import { StrictMode } from 'react';
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
void initI18n().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
