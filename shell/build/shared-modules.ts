import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../core/platform/config';

const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const webSdk = JSON.parse(readFileSync(path.join(projectRoot, 'core/plugin-api/web/package.json'), 'utf8')) as { version: string };

const singleton = (name: string) => ({ singleton: true, requiredVersion: manifest.dependencies[name] });

/**
 * The one list of modules the shell and every plugin remote share, each as a single copy at run time:
 * two Reacts would break hooks, two routers or query clients would split the app's state.
 * Keys ending in "/" share every deep import (react-dom/client, react/jsx-runtime).
 */
export const sharedModules = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  jotai: singleton('jotai'),
  'jotai/': singleton('jotai'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  '@blueprintjs/core': singleton('@blueprintjs/core'),
  '@axal/web-sdk': { singleton: true, requiredVersion: `^${webSdk.version}`, version: webSdk.version },
  '@axal/web-sdk/ui': { singleton: true, requiredVersion: `^${webSdk.version}`, version: webSdk.version },
  '@axal/web-sdk/sync-banner': { singleton: true, requiredVersion: `^${webSdk.version}`, version: webSdk.version },
  '@axal/web-sdk/charts': { singleton: true, requiredVersion: `^${webSdk.version}`, version: webSdk.version },
};
