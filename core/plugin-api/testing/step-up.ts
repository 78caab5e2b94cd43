import { call } from '../../workspaces/tests/support';
import type { TestSession } from './test-client';

/** "Verify Your Identity" as the web app does it (`POST me/step-up`), for routes behind `requireStepUp`; good for ten minutes. */
export async function stepUp(session: TestSession): Promise<void> {
  const response = await call(session, 'post', '/me/step-up', { password: session.password });
  if (response.status !== 200) throw new Error(`step-up failed: ${response.status} ${JSON.stringify(response.body)}`);
}
