import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../platform/config';

/** Where the build puts each plugin's web remote: `<REMOTES_DIR>/<pluginId>/remoteEntry.js` and its chunks. */
export const REMOTES_DIR = path.join(projectRoot, 'dist', 'remotes');

/** The first 12 hex digits of a file's SHA-256: the version in a remote's URL and the page's runtime settings. */
export function contentHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

/**
 * Where the browser loads each plugin's remote from. The URL carries a hash of the remote's entry, so a deploy never
 * mixes an old shell with new remote code: a stale URL answers 404 and the shell asks for the list again.
 */
export class RemoteCatalogue {
  private readonly cache = new Map<string, { mtimeMs: number; version: string }>();

  constructor(private readonly basePath: string) {}

  version(pluginId: string): string | null {
    const entry = path.join(REMOTES_DIR, pluginId, 'remoteEntry.js');
    if (!existsSync(entry)) return null;
    const { mtimeMs } = statSync(entry);
    const cached = this.cache.get(pluginId);
    if (cached?.mtimeMs === mtimeMs) return cached.version;
    const version = contentHash(entry);
    this.cache.set(pluginId, { mtimeMs, version });
    return version;
  }

  entryUrl(pluginId: string): string | null {
    const version = this.version(pluginId);
    return version ? `${this.basePath}/remotes/${pluginId}/${version}/remoteEntry.js` : null;
  }
}
