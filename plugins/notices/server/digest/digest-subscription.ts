import { z } from 'zod';
import { NoticeDigestSubscription } from './digest-models';

/** The member's own digest switch in one workspace, as `notices/digest-subscription` reads and writes it. */
export interface DigestSubscription {
  subscribed: boolean;
}

export const DIGEST_MESSAGES = {
  invalidSubscribed: 'subscribed must be true or false',
} as const;

export const digestSubscriptionSchema = z.object(
  { subscribed: z.boolean({ error: DIGEST_MESSAGES.invalidSubscribed }) },
  { error: DIGEST_MESSAGES.invalidSubscribed },
);

export async function readDigestSubscription(workspaceId: number, userId: number): Promise<DigestSubscription> {
  const row = await NoticeDigestSubscription.inWorkspace(workspaceId).where('user_id', userId).first();
  return { subscribed: Boolean(row) };
}

/** Saving the same choice twice changes nothing: a re-subscription keeps its first date. */
export async function saveDigestSubscription(workspaceId: number, userId: number, wanted: DigestSubscription): Promise<DigestSubscription> {
  if (wanted.subscribed) {
    await NoticeDigestSubscription.query().insert({ workspaceId, userId }).onConflict(['workspace_id', 'user_id']).ignore();
  } else {
    await NoticeDigestSubscription.inWorkspace(workspaceId).where('user_id', userId).delete();
  }
  return wanted;
}
