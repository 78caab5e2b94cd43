import { sandboxNoticesOf, type SandboxPlatform } from './portal-notices';
import { SANDBOX_PORTAL_PASSWORD } from './portal-server';

/** A portal login as a client's page saves it. */
export interface SandboxLogin {
  platformName: SandboxPlatform;
  username: string;
  password: string;
}

/** A client's portal login that the sandbox portal lets in: any username, with the sandbox password. */
export const sandboxLogin = (platformName: SandboxPlatform, username: string): SandboxLogin => ({
  platformName,
  username,
  password: SANDBOX_PORTAL_PASSWORD,
});

/** How many names `usernameWith` tries, so a count no login has fails instead of searching for ever. */
const USERNAME_CANDIDATES = 10_000;

/** The first username `<prefix><n>` whose login has `count` notices on the portal today. */
export function usernameWith(platform: SandboxPlatform, count: number, prefix = 'firm'): string {
  for (let index = 0; index < USERNAME_CANDIDATES; index += 1) {
    if (sandboxNoticesOf(platform, `${prefix}${index}`).length === count) return `${prefix}${index}`;
  }
  throw new Error(`no ${platform} username starting ${prefix} has ${count} notices`);
}
