import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { projectRoot, type Config } from '../platform/config';
import { contentHash, REMOTES_DIR, type RemoteCatalogue } from '../plugins/remote-catalogue';

export const DIST_DIR = path.join(projectRoot, 'dist');
const SHELL_DIR = path.join(DIST_DIR, 'shell');
/** The light site's build, a folder of the shell's (so under `{app}/assets/site/`). */
export const SITE_FOLDER = 'site';
const BASE_PATH_PLACEHOLDER = /__APP_BASE_PATH__/g;
/** The page's settings meta tag, as the build may have minified it (with or without quotes). */
const CONFIG_PLACEHOLDER = /content=(["']?)__AXAL_CONFIG__\1/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/**
 * Chunks carry a 12-hex content hash in their names, and the icon path files in their folder's name
 * (`icons.{hash}/16/add.json`): they never change. Entry files keep their names across builds.
 */
const CONTENT_HASHED = /\.[0-9a-f]{12}[./]/;

/** Pages of the product that live outside the base path (spec 1 section 2.1); all of them are the light site's. */
const PUBLIC_ROOT_PAGES = ['/auth/error', '/resources/{*page}', '/about', '/contact', '/blog', '/terms', '/privacy'];
/**
 * The pages under the base path that the light site draws (shell/src/public/SiteRoutes.tsx): the landing page and the
 * sign-in pages. Every other page is the workspace app's; a link from one to the other loads the other page.
 */
const SITE_PAGES_UNDER_BASE_PATH = [
  '/',
  '/login',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/invitations/accept',
  '/workspace-deleted',
];

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');

/** `file` is relative to the folder served, so only the build's own names can mark it as hashed. */
function setCaching(res: Response, file: string): void {
  res.setHeader('Cache-Control', CONTENT_HASHED.test(file) ? IMMUTABLE : NO_CACHE);
}

/** The page of the app or of the light site, from the build's `index.html` in `dir`; its router decides what it shows. */
function pageHandler(config: Config, dir: string) {
  const template = path.join(dir, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return (_req: Request, res: Response) => {
    if (!existsSync(template)) {
      res.status(503).type('text/plain').send('The web app has not been built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    const { mtimeMs } = statSync(template);
    if (cached?.mtimeMs !== mtimeMs) {
      const runtime = JSON.stringify({ basePath: config.basePath, version: contentHash(template) });
      const html = readFileSync(template, 'utf8')
        .replace(BASE_PATH_PLACEHOLDER, config.basePath)
        .replace(CONFIG_PLACEHOLDER, `content='${escapeAttribute(runtime)}'`);
      cached = { mtimeMs, html };
    }
    res.setHeader('Cache-Control', NO_CACHE);
    res.type('html').send(cached.html);
  };
}

/** Static files of the shell and the remotes under the base path. */
export function webAssetRoutes(remotes: RemoteCatalogue): Router {
  const router = express.Router();
  router.use(
    '/assets',
    express.static(SHELL_DIR, { index: false, fallthrough: false, setHeaders: (res, file) => setCaching(res, path.relative(SHELL_DIR, file)) }),
  );
  router.get('/remotes/:pluginId/:version/{*file}', (req, res, next) => {
    const pluginId = String(req.params.pluginId);
    if (remotes.version(pluginId) !== req.params.version) {
      res.status(404).json({ error: 'This version of the plugin is no longer served. Reload the page.' });
      return;
    }
    const file = (req.params.file as unknown as string[]).join('/');
    setCaching(res, file);
    res.sendFile(file, { root: path.join(REMOTES_DIR, pluginId), dotfiles: 'deny' }, (error) => {
      if (error) next();
    });
  });
  return router;
}

/**
 * Every GET that is not an API call gets a page: the light site's for the public and sign-in pages, the app's for
 * every other address under the base path.
 */
export function pageRoutes(config: Config): { underBasePath: Router; atRoot: Router } {
  const serveApp = pageHandler(config, SHELL_DIR);
  const serveSite = pageHandler(config, path.join(SHELL_DIR, SITE_FOLDER));
  const underBasePath = express.Router();
  underBasePath.get(SITE_PAGES_UNDER_BASE_PATH, serveSite);
  underBasePath.get(['/', '/{*page}'], (req, res, next) => {
    if (/^\/(api|auth|connect|assets|remotes)(\/|$)/.test(req.path)) return next();
    serveApp(req, res);
  });
  const atRoot = express.Router();
  atRoot.get(PUBLIC_ROOT_PAGES, serveSite);
  atRoot.get('/', (_req, res) => res.redirect(config.basePath));
  return { underBasePath, atRoot };
}
