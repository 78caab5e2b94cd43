import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import webpack from 'webpack';
import { projectRoot } from '../../core/platform/config';
import { DEFAULT_PLUGIN_DIRS } from '../../core/host/host';
import { discoverPlugins } from '../../core/plugins/plugin-discovery';
import { DIST_DIR } from '../../core/host/web-assets';
import { remoteConfig, shellConfig, siteConfig } from './webpack-configs';

const BUILD_INFO = path.join(DIST_DIR, 'build-info.json');
export const TEST_FIXTURE_PLUGIN_DIR = path.join(projectRoot, 'tests', 'fixtures', 'plugins');

interface WebPluginSource {
  id: string;
  dir: string;
}

interface BuildInfo {
  builtAt: string;
  remotes: string[];
}

/** Plugins that have a web part (`web/plugin.tsx`). */
export function webPlugins(pluginDirs: string[]): WebPluginSource[] {
  return discoverPlugins(pluginDirs)
    .filter((plugin) => existsSync(path.join(plugin.dir, 'web', 'plugin.tsx')))
    .map((plugin) => ({ id: plugin.manifest.id, dir: plugin.dir }));
}

/** Tests are never bundled, so changing one does not make the build stale. */
function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => (entry === 'node_modules' || entry === 'tests' ? newest : Math.max(newest, newestChange(path.join(target, entry)))),
    stats.mtimeMs,
  );
}

/** True when there is no build, its set of remotes differs, or any web source is newer than it. */
export function isBuildStale(pluginDirs: string[]): boolean {
  if (!existsSync(BUILD_INFO)) return true;
  const info = JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as BuildInfo;
  const plugins = webPlugins(pluginDirs);
  if (plugins.some((plugin) => !info.remotes.includes(plugin.id))) return true;
  const sources = [
    path.join(projectRoot, 'shell'),
    // The web imports schemas and wire types from the server's folders (the sign-in rules in core/auth, say), not only the SDK.
    path.join(projectRoot, 'core'),
    path.join(projectRoot, 'package.json'),
    ...plugins.flatMap((plugin) => [path.join(plugin.dir, 'web'), path.join(plugin.dir, 'shared')]),
  ];
  const builtAt = statSync(BUILD_INFO).mtimeMs;
  return sources.some((source) => newestChange(source) > builtAt);
}

/**
 * One multi-config webpack run: the shell, the light site and every plugin remote, content-hashed. It builds beside
 * dist/ and then swaps the folders, so a running server (or a parallel build) never serves a half-written build.
 */
export async function buildWeb(pluginDirs: string[]): Promise<void> {
  const plugins = webPlugins(pluginDirs);
  const staging = `${DIST_DIR}.building-${process.pid}`;
  const compiler = webpack([shellConfig(staging), siteConfig(staging), ...plugins.map((plugin) => remoteConfig(staging, plugin.id, plugin.dir))]);
  const stats = await new Promise<webpack.MultiStats | undefined>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats || stats.hasErrors()) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Web build failed:\n${stats?.toString({ all: false, errors: true, colors: false }) ?? ''}`);
  }
  const info: BuildInfo = { builtAt: new Date().toISOString(), remotes: plugins.map((plugin) => plugin.id) };
  writeFileSync(path.join(staging, 'build-info.json'), JSON.stringify(info, null, 2));
  const retired = `${DIST_DIR}.retired-${process.pid}`;
  if (existsSync(DIST_DIR)) renameSync(DIST_DIR, retired);
  renameSync(staging, DIST_DIR);
  rmSync(retired, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'if-stale': { type: 'boolean', default: false }, 'with-test-fixtures': { type: 'boolean', default: false } },
  });
  const pluginDirs = values['with-test-fixtures'] ? [...DEFAULT_PLUGIN_DIRS, TEST_FIXTURE_PLUGIN_DIR] : DEFAULT_PLUGIN_DIRS;
  if (values['if-stale'] && !isBuildStale(pluginDirs)) return;
  const started = Date.now();
  console.log('Building the web app...');
  await buildWeb(pluginDirs);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
