export interface RuntimeConfig {
  /** The `{app}` prefix, e.g. `/axal`. */
  basePath: string;
  /** Build id of the shell, so a plugin can tell which deploy it runs in. */
  version: string;
}

/** Written by the server into `<meta name="axal-config">` of the page, so no inline script is needed (strict CSP). */
export function runtimeConfig(): RuntimeConfig {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="axal-config"]');
  const parsed = meta?.getAttribute('content') ? (JSON.parse(meta.getAttribute('content')!) as Partial<RuntimeConfig>) : {};
  return { basePath: parsed.basePath ?? '/axal', version: parsed.version ?? 'dev' };
}

/** A path of the product, under the base path: `appPath('/w/123/settings')`. */
export const appPath = (path = ''): string => `${runtimeConfig().basePath}${path}`;
