import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack, { type Compiler } from 'webpack';

const require = createRequire(import.meta.url);
const ICONS_PACKAGE = path.dirname(require.resolve('@blueprintjs/icons/package.json'));
const ICON_SIZES = [16, 20] as const;

/**
 * The folder of the icon path files, named after the icons package's version so a file is cached for good and an
 * upgrade of the icons gets a new folder (core/host/web-assets.ts caches any path with a 12-hex hash as immutable).
 */
export const ICON_PATHS_FOLDER = `icons.${createHash('sha256')
  .update(JSON.parse(readFileSync(path.join(ICONS_PACKAGE, 'package.json'), 'utf8')).version)
  .digest('hex')
  .slice(0, 12)}`;

/**
 * Writes every Blueprint icon's SVG paths to `{ICON_PATHS_FOLDER}/{size}/{name}.json` in the shell's output, for
 * the shell's icon loader (shell/src/app/icon-paths.ts). As JSON files rather than a webpack chunk each, the 1,400
 * icons add nothing to the shell's runtime (its chunk map would grow by ~25 KB compressed).
 */
export class IconPathsAssets {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('IconPathsAssets', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'IconPathsAssets', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const size of ICON_SIZES) {
          const folder = path.join(ICONS_PACKAGE, 'lib/cjs/generated', `${size}px`, 'paths');
          // A module per icon, besides index.js, which gathers them all.
          for (const file of readdirSync(folder).filter((name) => name.endsWith('.js') && name !== 'index.js')) {
            const paths = (require(path.join(folder, file)) as { default: string[] }).default;
            compilation.emitAsset(
              `${ICON_PATHS_FOLDER}/${size}/${file.replace(/\.js$/, '.json')}`,
              new webpack.sources.RawSource(JSON.stringify(paths)),
            );
          }
        }
      });
    });
  }
}
