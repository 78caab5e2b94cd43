import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import { projectRoot } from '../../core/platform/config';
import { remoteContainerName } from '../../core/plugin-api/web/remote-name';
import { sharedModules } from './shared-modules';

/** Replaced by the server with APP_BASE_PATH when it serves the page, so one build serves any base path. */
export const BASE_PATH_PLACEHOLDER = '__APP_BASE_PATH__';

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
    cache: {
      type: 'filesystem',
      name,
      cacheDirectory: path.join(projectRoot, 'node_modules', '.cache', 'webpack'),
      // A change of the build configuration or of the dependencies invalidates the cache.
      buildDependencies: {
        config: [import.meta.filename, path.join(import.meta.dirname, 'shared-modules.ts'), path.join(projectRoot, 'package-lock.json')],
      },
    },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

export function shellConfig(outDir: string): Configuration {
  return {
    ...common('shell', path.join(outDir, 'shell')),
    entry: { main: path.join(projectRoot, 'shell/src/index.ts') },
    plugins: [
      // The shell hands its federation runtime to the remotes, so no remote carries a ~28 KB copy of its own.
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedModules,
        dts: false,
        manifest: false,
        experiments: { provideExternalRuntime: true },
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:12].css', chunkFilename: '[name].[contenthash:12].css' }),
      new HtmlWebpackPlugin({
        template: path.join(projectRoot, 'shell/src/index.html'),
        publicPath: `${BASE_PATH_PLACEHOLDER}/assets/`,
        inject: 'body',
        hash: true,
      }),
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
