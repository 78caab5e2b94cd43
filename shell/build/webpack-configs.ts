import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import { SITE_FOLDER } from '../../core/host/web-assets';
import { projectRoot } from '../../core/platform/config';
import { remoteContainerName } from '../../core/plugin-api/web/remote-name';
import { ICON_PATHS_FOLDER, IconPathsAssets } from './icon-paths-assets';
import { LightSiteGuard } from './light-site-guard';
import { sharedModules } from './shared-modules';

/** Replaced by the server with APP_BASE_PATH when it serves the page, so one build serves any base path. */
export const BASE_PATH_PLACEHOLDER = '__APP_BASE_PATH__';
const PAGE_TEMPLATE = path.join(projectRoot, 'shell/src/index.html');

const commonRules: NonNullable<Configuration['module']>['rules'] = [
  {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
      },
    },
  },
  { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
  { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
];

function common(name: string, outputPath: string): Configuration {
  return {
    name,
    mode: 'production',
    devtool: false,
    context: projectRoot,
    target: 'web',
    // Entry files keep plain names (Module Federation cannot hash them with webpack 5.111); the page loads them
    // with ?<build hash> and the server sends them no-cache. Every other chunk carries its content hash.
    output: {
      path: outputPath,
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:12].js',
      clean: true,
      uniqueName: name,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], conditionNames: ['browser', 'import', 'module', 'default'] },
    module: { rules: commonRules },
    performance: { hints: false },
    // swc's minifier does webpack's default (terser, two passes) in half the CPU time, its output as small.
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
    cache: {
      type: 'filesystem',
      name,
      cacheDirectory: path.join(projectRoot, 'node_modules', '.cache', 'webpack'),
      // A change of the build configuration or of the dependencies invalidates the cache.
      buildDependencies: {
        config: [
          import.meta.filename,
          path.join(import.meta.dirname, 'shared-modules.ts'),
          path.join(import.meta.dirname, 'light-site-guard.ts'),
          path.join(import.meta.dirname, 'icon-paths-assets.ts'),
          path.join(projectRoot, 'package-lock.json'),
        ],
      },
    },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

export function shellConfig(outDir: string): Configuration {
  const base = common('shell', path.join(outDir, 'shell'));
  return {
    ...base,
    entry: { main: path.join(projectRoot, 'shell/src/index.ts') },
    // The light site is built into a folder of this output by its own compiler, at the same time.
    output: { ...base.output, clean: { keep: new RegExp(`^${SITE_FOLDER}/`) } },
    plugins: [
      // The shell hands its federation runtime to the remotes, so no remote carries a ~28 KB copy of its own. Remotes are
      // registered by the URL of their entry, never by manifest, so the runtime goes without its snapshot (manifest)
      // handling and its Node code: 10 KB less on every page of the app.
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedModules,
        dts: false,
        manifest: false,
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' }),
      new webpack.DefinePlugin({ __ICON_PATHS_FOLDER__: JSON.stringify(ICON_PATHS_FOLDER) }),
      new IconPathsAssets(),
      new HtmlWebpackPlugin({
        template: PAGE_TEMPLATE,
        publicPath: `${BASE_PATH_PLACEHOLDER}/assets/`,
        inject: 'body',
        hash: true,
      }),
    ],
  };
}

/**
 * The light site: the public pages and the sign-in pages (landing, information pages, login, sign-up and the
 * emailed-link pages), drawn with React and the router alone. It is a build of its own, without Module Federation,
 * so nothing is shared with remotes and everything is tree-shaken: its pages carry neither the federation runtime
 * nor the whole router, Blueprint, the data libraries or the workspace app. The server sends its page for those
 * addresses (core/host/web-assets.ts); a link between the site and the app loads the other page.
 */
export function siteConfig(outDir: string): Configuration {
  const base = common('site', path.join(outDir, 'shell', SITE_FOLDER));
  return {
    ...base,
    entry: { site: path.join(projectRoot, 'shell/src/public/site-main.tsx') },
    // Without Module Federation the entry can carry its content hash, so every file of the site is cached for good.
    output: { ...base.output, filename: '[name].[contenthash:12].js' },
    optimization: {
      ...base.optimization,
      splitChunks: {
        cacheGroups: {
          // The sign-in pages' layout and controls: one stylesheet for all of them rather than a copy in each page's.
          sharedStyles: { type: 'css/mini-extract', chunks: 'async', minChunks: 2, minSize: { 'css/mini-extract': 4_000 } },
        },
      },
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' }),
      new HtmlWebpackPlugin({ template: PAGE_TEMPLATE, publicPath: `${BASE_PATH_PLACEHOLDER}/assets/${SITE_FOLDER}/`, inject: 'body' }),
      new LightSiteGuard(),
    ],
  };
}

/** A plugin's remote: exposes `./plugin` (its `web/plugin.tsx`) under a container named after the plugin. */
export function remoteConfig(outDir: string, pluginId: string, pluginDir: string): Configuration {
  const name = remoteContainerName(pluginId);
  return {
    ...common(name, path.join(outDir, 'remotes', pluginId)),
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './plugin': path.join(pluginDir, 'web/plugin.tsx') },
        shared: sharedModules,
        dts: false,
        manifest: true,
        experiments: { externalRuntime: true },
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' }),
    ],
  };
}
