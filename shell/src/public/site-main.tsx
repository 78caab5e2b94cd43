import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../app/base.css';
import { SiteRoutes } from './SiteRoutes';
import { configureZodWithoutEval } from './zod-without-eval';

// The entry of the light site (shell/build/webpack-configs.ts, `siteConfig`): the public and sign-in pages, drawn
// with React and the router alone, no Module Federation and nothing shared, so each page carries only what it draws.
configureZodWithoutEval();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SiteRoutes />
    </BrowserRouter>
  </StrictMode>,
);
