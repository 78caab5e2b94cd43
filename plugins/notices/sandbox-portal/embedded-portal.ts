import { startSandboxPortal, type SandboxPortal } from './portal-server';

/** Points every process at one sandbox portal (e.g. one a test or a bench started); unset, each process runs its own. */
export const SANDBOX_PORTAL_URL_VARIABLE = 'NOTICES_SANDBOX_PORTAL_URL';

let embedded: Promise<SandboxPortal> | null = null;

/**
 * Where the sandbox portal answers: `NOTICES_SANDBOX_PORTAL_URL` when set, else a portal this process starts on
 * 127.0.0.1 the first time it is asked, which never keeps the process alive. Its notices follow from the logins alone,
 * so the embedded portals of a web and a worker process agree.
 */
export async function sandboxPortalUrl(): Promise<string> {
  const configured = process.env[SANDBOX_PORTAL_URL_VARIABLE]?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  embedded ??= startSandboxPortal({ keepsProcessAlive: false });
  try {
    return (await embedded).url;
  } catch (error) {
    embedded = null;
    throw error;
  }
}
