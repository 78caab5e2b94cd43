import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../core/platform/config';

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry) ? [full] : [];
  });
}

function relativeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2])
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(projectRoot, path.resolve(path.dirname(file), specifier)));
}

/** What a plugin may import from outside its own folder: the plugin API, and another plugin's exported tokens. */
function allowedForPlugin(target: string): boolean {
  return target.startsWith(`core${path.sep}plugin-api`) || /^plugins\/[a-z0-9-]+\/server\/tokens$/.test(target);
}

describe('architecture boundaries', () => {
  const pluginRoots = ['plugins', path.join('tests', 'fixtures', 'plugins')].flatMap((root) =>
    readdirSync(path.join(projectRoot, root)).map((id) => path.join(root, id)),
  );

  it('plugins reach the core only through the plugin API and other plugins only through their exported tokens', () => {
    const violations = pluginRoots.flatMap((root) =>
      sourceFiles(path.join(projectRoot, root)).flatMap((file) =>
        relativeImportsOf(file)
          .filter((target) => !target.startsWith(root + path.sep) && !allowedForPlugin(target))
          .map((target) => `${path.relative(projectRoot, file)} imports ${target}`),
      ),
    );
    expect(violations).to.deep.equal([]);
  });

  it('the core never imports a plugin', () => {
    const violations = sourceFiles(path.join(projectRoot, 'core')).flatMap((file) =>
      relativeImportsOf(file)
        .filter((target) => target.startsWith(`plugins${path.sep}`))
        .map((target) => `${path.relative(projectRoot, file)} imports ${target}`),
    );
    expect(violations).to.deep.equal([]);
  });
});
