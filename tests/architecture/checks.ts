import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The architecture rules as functions of a source tree, so the test runs them on the real tree and on small bad
 * examples alike. Paths are relative to the project root, with forward slashes.
 */
export type SourceTree = ReadonlyMap<string, string>;

/** A plugin as the rules see it: its folder, its id, and the tables its manifest declares besides its own prefix. */
export interface PluginUnderCheck {
  root: string;
  id: string;
  tables: readonly string[];
}

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

export function readSourceTree(projectRoot: string, folders: readonly string[]): SourceTree {
  const files = new Map<string, string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(path.join(projectRoot, folder))) {
      const relative = `${folder}/${entry}`;
      if (SKIPPED_FOLDERS.has(entry)) continue;
      if (statSync(path.join(projectRoot, relative)).isDirectory()) visit(relative);
      else if (SOURCE.test(entry)) files.set(relative, readFileSync(path.join(projectRoot, relative), 'utf8'));
    }
  };
  for (const folder of folders) visit(folder);
  return files;
}

// ---- Imports ----

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The project modules a file imports (type-only imports included): each resolved to a file of the tree when one matches. */
export function relativeImportsOf(tree: SourceTree, file: string): string[] {
  const text = tree.get(file) ?? '';
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3])
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveModule(tree, path.posix.join(path.posix.dirname(file), specifier)));
}

function resolveModule(tree: SourceTree, target: string): string {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => tree.has(candidate)) ?? target;
}

const within = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const withoutExtension = (file: string) => file.replace(/(\/index)?\.tsx?$/, '');

/** A plugin reaches the core only through `core/plugin-api`, and another plugin only through its `server/tokens.ts`. */
export function pluginImportViolations(tree: SourceTree, plugins: readonly PluginUnderCheck[]): string[] {
  const allowed = (target: string) =>
    within(target, 'core/plugin-api') || /^(plugins|tests\/fixtures\/plugins)\/[a-z0-9-]+\/server\/tokens$/.test(withoutExtension(target));
  return plugins.flatMap((plugin) =>
    [...tree.keys()]
      .filter((file) => within(file, plugin.root))
      .flatMap((file) =>
        relativeImportsOf(tree, file)
          .filter((target) => !within(target, plugin.root) && !allowed(target))
          .map((target) => `${file} imports ${target}`),
      ),
  );
}

/** Imports from files under `from` of modules under `into`, e.g. the core importing tests or a plugin. */
export function importsAcross(tree: SourceTree, from: string, into: string): string[] {
  return [...tree.keys()]
    .filter((file) => within(file, from))
    .flatMap((file) =>
      relativeImportsOf(tree, file)
        .filter((target) => within(target, into))
        .map((target) => `${file} imports ${target}`),
    );
}

/** The groups of modules that import one another in a circle (strongly connected components), each sorted. */
export function importCycles(tree: SourceTree): string[][] {
  const edges = new Map([...tree.keys()].map((file) => [file, relativeImportsOf(tree, file).filter((target) => tree.has(target))]));
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;

  // Tarjan's algorithm, iterative so a long import chain cannot overflow the call stack.
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.file)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].file;
        lowLink.set(parent, Math.min(lowLink.get(parent)!, lowLink.get(frame.file)!));
      }
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const importsItself = edges.get(frame.file)!.includes(frame.file);
      if (component.length > 1 || importsItself) cycles.push(component.sort());
    }
  }
  return cycles.sort((left, right) => (left[0] < right[0] ? -1 : 1));
}

// ---- Layers of the core ----

/** A layer of the core: the files it holds, and the layers (itself included) whose files those may import. */
export interface CoreLayer {
  name: string;
  holds: RegExp;
  mayImport: readonly string[];
}

const TEST_CODE = 'test code';
const EVERY_LAYER = ['platform', 'plugin contract', 'plugin registry', 'domain', 'plugin API', 'host'];

/**
 * The core from the bottom up; a file belongs to the first layer that holds it. The platform imports nothing above
 * it; the plugin contract (the plugin API's types: manifest, definePlugin, extension points) only the platform; the
 * plugin registry those two; the domains (auth, workspaces, clients, ...) those three and one another; the plugin
 * API's door (its index and the web SDK) re-exports the domains; the host boots it all. Tests and the testing kit
 * may import anything, and nothing else may import them.
 */
export const CORE_LAYERS: readonly CoreLayer[] = [
  { name: TEST_CODE, holds: /(^|\/)tests\/|^core\/plugin-api\/testing\//, mayImport: [] },
  { name: 'platform', holds: /^core\/platform\//, mayImport: ['platform'] },
  { name: 'plugin contract', holds: /^core\/plugin-api\/(?!index\.ts$)[^/]+$/, mayImport: ['platform', 'plugin contract'] },
  { name: 'plugin registry', holds: /^core\/plugins\//, mayImport: ['platform', 'plugin contract', 'plugin registry'] },
  { name: 'plugin API', holds: /^core\/plugin-api\/(index\.ts$|web\/)/, mayImport: ['platform', 'plugin contract', 'domain', 'plugin API'] },
  { name: 'host', holds: /^core\/(host\/|main\.ts$)/, mayImport: EVERY_LAYER },
  { name: 'domain', holds: /^core\//, mayImport: ['platform', 'plugin contract', 'plugin registry', 'domain'] },
];

const layerOf = (file: string, layers: readonly CoreLayer[]) => layers.find((layer) => layer.holds.test(file));

/** Imports of one core file from another whose layer it may not import; test code itself is not checked. */
export function layerViolations(tree: SourceTree, layers: readonly CoreLayer[] = CORE_LAYERS): string[] {
  return [...tree.keys()].flatMap((file) => {
    const layer = layerOf(file, layers);
    if (!layer || layer.name === TEST_CODE) return [];
    return relativeImportsOf(tree, file).flatMap((target) => {
      const targetLayer = layerOf(target, layers);
      if (!targetLayer || layer.mayImport.includes(targetLayer.name)) return [];
      return [`${file} (${layer.name}) imports ${target} (${targetLayer.name})`];
    });
  });
}

// ---- Tables a plugin's code names ----

const TABLE_NAME = /^\s*(?:[a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s*$/i;
/** `knex('clients')`, `trx('clients as c')`: a knex instance called with a table. */
const KNEX_CALL = /\b(?:knex|trx|db|tx|transaction|savepoint|database)\s*\(\s*(['"`])([^'"`]*)\1/g;
/** `.from('clients')`, `.join('workspaces as w', ...)`, `.createTable('clients', ...)` and the like. */
const BUILDER_CALL =
  /(?<!\b(?:Array|Buffer|Uint8Array))\.(?:from|into|table|join|innerJoin|leftJoin|leftOuterJoin|rightJoin|rightOuterJoin|fullOuterJoin|crossJoin|createTable|createTableIfNotExists|alterTable|dropTable|dropTableIfExists|hasTable|renameTable|truncate)\s*\(\s*(['"`])([^'"`]*)\1/g;
/** `static override tableName = 'clients'`, `static get tableName() { return 'clients'; }`. */
const MODEL_TABLE = /\btableName\s*(?:=|\(\)\s*\{\s*return)\s*(['"`])([^'"`]*)\1/g;
const STRING_LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** The SQL text handed to knex's raw methods. */
const RAW_ARGUMENT = new RegExp(
  `\\b(?:raw|whereRaw|orWhereRaw|andWhereRaw|havingRaw|orHavingRaw|orderByRaw|groupByRaw|joinRaw|fromRaw)\\s*\\(\\s*(${STRING_LITERAL.source})`,
  'g',
);
/** A literal that is a statement of its own, wherever it is passed; SQL is written in lower or upper case, a sentence is not. */
const SQL_STATEMENT =
  /^.\s*\(?\s*(?:select|insert|update|delete|with|alter|create|drop|truncate|SELECT|INSERT|UPDATE|DELETE|WITH|ALTER|CREATE|DROP|TRUNCATE)\s/;
/** A table after a keyword of raw SQL; `is distinct from x` and `extract(year from x)` name columns, and `unnest(` a function. */
const SQL_TABLE =
  /(?<!\b(?:distinct|year|month|day|hour|minute|second|epoch|dow|doy|week|quarter)\s+)\b(?:from|join|into|update|table|truncate)\s+(?:only\s+)?(?:if\s+(?:not\s+)?exists\s+)?"?((?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*)"?(?![\w.]*\()/gi;
const SQL_KEYWORDS = new Set(['set', 'select', 'lateral', 'values', 'only']);
const CTE_NAME = /\b([a-z_][a-z0-9_]*)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi;

const tableOf = (argument: string) => TABLE_NAME.exec(argument)?.[1]?.toLowerCase() ?? null;
/** Block comments and whole-line comments: prose about a table is not a query of it. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const withoutSchema = (table: string) => table.toLowerCase().replace(/^[a-z_][a-z0-9_]*\./, '');

/** Every table a source text names through knex, Objection or raw SQL (names built at run time cannot be seen). */
export function tablesNamedIn(source: string): string[] {
  const text = withoutComments(source);
  const named = new Set<string>();
  for (const pattern of [KNEX_CALL, BUILDER_CALL, MODEL_TABLE]) {
    for (const match of text.matchAll(pattern)) {
      const table = tableOf(match[2]);
      if (table) named.add(table);
    }
  }
  const statements = [...text.matchAll(STRING_LITERAL)].map(([literal]) => literal).filter((literal) => SQL_STATEMENT.test(literal));
  const rawArguments = [...text.matchAll(RAW_ARGUMENT)].map((match) => match[1]);
  for (const sql of new Set([...statements, ...rawArguments])) {
    const commonTableExpressions = new Set([...sql.matchAll(CTE_NAME)].map((match) => match[1].toLowerCase()));
    for (const match of sql.matchAll(SQL_TABLE)) {
      const table = withoutSchema(match[1]);
      if (!commonTableExpressions.has(table) && !SQL_KEYWORDS.has(table)) named.add(table);
    }
  }
  return [...named].sort();
}

/** A plugin's own tables: `<id>`, `<id>_*` (hyphens written as underscores) and those its manifest declares. */
export function ownsTable(plugin: PluginUnderCheck, table: string): boolean {
  const prefix = plugin.id.replace(/-/g, '_');
  return table === prefix || table.startsWith(`${prefix}_`) || plugin.tables.includes(table);
}

/** A plugin's server code and migrations name only its own tables; it learns about the rest from core services. */
export function foreignTableViolations(tree: SourceTree, plugins: readonly PluginUnderCheck[]): string[] {
  return plugins.flatMap((plugin) =>
    [...tree.keys()]
      // Its tests may look at anything to check what happened.
      .filter((file) => within(file, plugin.root) && !within(file, `${plugin.root}/tests`))
      .flatMap((file) =>
        tablesNamedIn(tree.get(file)!)
          .filter((table) => !ownsTable(plugin, table))
          .map((table) => `${file} names the table ${table}, which plugin ${plugin.id} does not own`),
      ),
  );
}
