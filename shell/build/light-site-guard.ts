import path from 'node:path';
import webpack, { type Compilation, type Compiler, type Module } from 'webpack';

/** Libraries of the workspace app; a page of the light site that carried one would lose what makes it light. */
const APP_ONLY_PACKAGES = ['@blueprintjs', '@tanstack', 'jotai', '@module-federation', 'echarts', 'echarts-for-react', 'xlsx'];
const APP_ONLY = new RegExp(`[\\\\/]node_modules[\\\\/](${APP_ONLY_PACKAGES.join('|')})[\\\\/]`);

/** The source files behind a module, the ones webpack concatenated into it included. */
function sourcesOf(module: Module): string[] {
  const inner = (module as Module & { modules?: Module[] }).modules;
  if (inner) return inner.flatMap(sourcesOf);
  const resource = module.nameForCondition();
  return resource ? [resource] : [];
}

function appOnlySources(compilation: Compilation): string[] {
  const found = new Set<string>();
  for (const chunk of compilation.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      for (const source of sourcesOf(module)) if (APP_ONLY.test(source)) found.add(source);
    }
  }
  return [...found];
}

/**
 * Fails the light site's build when any of its chunks carries a library of the workspace app (after tree-shaking: an
 * import whose bindings are all unused costs nothing and passes), naming the files, so a stray import is caught
 * when it is written rather than by a slower page.
 */
export class LightSiteGuard {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('LightSiteGuard', (compilation) => {
      compilation.hooks.afterSeal.tap('LightSiteGuard', () => {
        const sources = appOnlySources(compilation).map((source) => path.relative(compiler.context, source));
        if (sources.length === 0) return;
        compilation.errors.push(
          new webpack.WebpackError(`The light site must not carry the workspace app's libraries, but its chunks include:\n  ${sources.join('\n  ')}`),
        );
      });
    });
  }
}
