import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import { hashPassword } from '../auth/password';
import { User } from '../auth/user-model';
import type { Config } from '../platform/config';
import { TOKENS } from '../platform/tokens';
import { WorkspaceService } from '../workspaces/workspace-service';

export const DEMO_EMAIL = 'demo@axal.example';
export const DEMO_WORKSPACE_NAME = 'Demo Practice';

/** A password that passes the sign-up rules: mixed case, digit, symbol, no repeats or common runs. */
function demoPassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  const candidate = `Dm7#${body}`;
  return /(.)\1\1|password|123|abc/i.test(candidate) ? demoPassword() : candidate;
}

/**
 * On an empty database, makes a demo OWNER and workspace so a fresh install has something to sign in to.
 * Returns the credentials, which the caller prints once; they are not stored anywhere in plain text.
 */
export async function seedDemoWorkspace(container: Container): Promise<{ email: string; password: string; workspaceId: string } | null> {
  const config = container.get<Config>(TOKENS.Config);
  const users = await User.query().resultSize();
  if (users > 0) return null;
  const password = demoPassword();
  const owner = await User.query().insert({
    name: 'Demo Owner',
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(password, config.passwordHashCost),
    emailVerifiedAt: new Date(),
  });
  const workspace = await container.get(WorkspaceService).create(DEMO_WORKSPACE_NAME, { id: owner.id, ...owner.toPublic() });
  return { email: DEMO_EMAIL, password, workspaceId: workspace.externalId };
}
