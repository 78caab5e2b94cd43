import type { ClientRef, DirectoryNode, FileNode, FolderNode } from '../shared/wire';

export const ROOT = '';
export const ROOT_NAME = 'Root';

export const nameOf = (path: string) => (path === ROOT ? ROOT_NAME : path.slice(path.lastIndexOf('/') + 1));
export const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ROOT);

/** "a/b/c" gives "a", "a/b", "a/b/c". */
export function selfAndAncestors(path: string): string[] {
  if (path === ROOT) return [];
  const segments = path.split('/');
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

export interface FolderRow {
  path: string;
  clientId: number | null;
  updatedAt: Date;
}

/**
 * What a member may see. OWNER, ADMIN and EMPLOYEE see everything. A CLIENT member sees the folders assigned to
 * their clients with everything beneath them, and the files assigned to their clients wherever they are; the folders
 * above those can be opened to reach them, and show nothing else.
 */
export class Visibility {
  private constructor(
    /** The clients whose folders and files the member sees; empty for staff, who see everything anyway. */
    readonly clientIds: readonly number[],
    private readonly assigned: Set<string> | null,
    private readonly openable: Set<string> | null,
  ) {}

  static everything(): Visibility {
    return new Visibility([], null, null);
  }

  static forClients(clientIds: readonly number[], folders: FolderRow[], directoriesOfOwnFiles: string[]): Visibility {
    const assigned = new Set(
      folders.filter((folder) => folder.clientId !== null && clientIds.includes(folder.clientId)).map((folder) => folder.path),
    );
    const visibility = new Visibility(clientIds, assigned, new Set([ROOT]));
    const reachable = [...folders.map((folder) => folder.path).filter((path) => visibility.seesAllOf(path)), ...directoriesOfOwnFiles];
    for (const path of reachable) for (const step of selfAndAncestors(path)) visibility.openable!.add(step);
    return visibility;
  }

  get restricted(): boolean {
    return this.assigned !== null;
  }

  /** Everything in this folder, at any depth, is visible. */
  seesAllOf(path: string): boolean {
    return this.assigned === null || selfAndAncestors(path).some((step) => this.assigned!.has(step));
  }

  canOpen(path: string): boolean {
    return this.openable === null || this.openable.has(path);
  }

  ownsClient(clientId: number | null): boolean {
    return clientId !== null && this.clientIds.includes(clientId);
  }

  /** A file in `directory`, assigned to one of the member's clients or not. */
  seesFileIn(directory: string, assignedToOwnClient: boolean): boolean {
    return this.assigned === null || assignedToOwnClient || this.seesAllOf(directory);
  }

  seesFile(directory: string, clientId: number | null): boolean {
    return this.seesFileIn(directory, this.ownsClient(clientId));
  }
}

/** Visible files of one folder (not beneath it): how many, their bytes, the newest upload. */
export interface DirectoryTotals {
  count: number;
  size: number;
  newest: Date | null;
}

export interface TreeInput {
  path: string;
  depth: number;
  folders: Map<string, FolderRow>;
  totals: Map<string, DirectoryTotals>;
  /** The visible files of every folder that the requested depth opens. */
  files: Map<string, FileNode[]>;
  clients: Map<number, ClientRef>;
  visibility: Visibility;
}

const byName = (left: { name: string }, right: { name: string }) =>
  left.name.localeCompare(right.name, undefined, { sensitivity: 'base', numeric: true });

/** Direct sub-folders per folder, the ones the member may open. */
export function subfoldersOf(folders: Iterable<FolderRow>, visibility: Visibility): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (!visibility.canOpen(folder.path)) continue;
    const parent = parentOf(folder.path);
    const siblings = children.get(parent);
    if (siblings) siblings.push(folder.path);
    else children.set(parent, [folder.path]);
  }
  for (const siblings of children.values()) siblings.sort((left, right) => byName({ name: nameOf(left) }, { name: nameOf(right) }));
  return children;
}

/** The folders whose files a tree of this depth lists: the requested one and those `depth - 1` levels beneath. */
export function openedFolders(path: string, depth: number, subfolders: Map<string, string[]>): string[] {
  const opened: string[] = [];
  let level = [path];
  for (let remaining = depth; remaining > 0 && level.length; remaining -= 1) {
    opened.push(...level);
    level = level.flatMap((folder) => subfolders.get(folder) ?? []);
  }
  return opened;
}

/** Bytes and newest upload of everything beneath each folder (itself included). */
function subtreeTotals(totals: Map<string, DirectoryTotals>): Map<string, { size: number; newest: number }> {
  const rolled = new Map<string, { size: number; newest: number }>();
  for (const [directory, own] of totals) {
    const newest = own.newest?.getTime() ?? 0;
    for (const step of [ROOT, ...selfAndAncestors(directory)]) {
      const entry = rolled.get(step);
      if (entry) {
        entry.size += own.size;
        entry.newest = Math.max(entry.newest, newest);
      } else {
        rolled.set(step, { size: own.size, newest });
      }
    }
  }
  return rolled;
}

export function buildTree(input: TreeInput): FolderNode {
  const subfolders = subfoldersOf(input.folders.values(), input.visibility);
  const rolled = subtreeTotals(input.totals);

  const folderNode = (path: string, remaining: number): FolderNode => {
    const row = input.folders.get(path);
    const below = rolled.get(path);
    const ownChange = row?.updatedAt.getTime() ?? 0;
    const newest = Math.max(ownChange, below?.newest ?? 0);
    const childFolders = subfolders.get(path) ?? [];
    const client = row?.clientId ? input.clients.get(row.clientId) : undefined;
    const children: DirectoryNode[] =
      remaining > 0 ? [...childFolders.map((child) => folderNode(child, remaining - 1)), ...[...(input.files.get(path) ?? [])].sort(byName)] : [];
    return {
      type: 'directory',
      name: nameOf(path),
      path,
      size: below?.size ?? 0,
      lastModified: new Date(newest || Date.now()).toISOString(),
      clients: client ? [client] : [],
      children,
      childCount: childFolders.length + (input.totals.get(path)?.count ?? 0),
    };
  };

  return folderNode(input.path, input.depth);
}
