import { Classes, FormGroup, Switch } from '@blueprintjs/core';
import type { ProfilePanelProps } from '@axal/web-sdk';
import { ErrorState, LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { useDigestSubscription, useSaveDigestSubscription } from './digest-subscription-api';

export const DIGEST_TEXTS = {
  label: 'Daily notices digest',
  help: 'An email every morning at 7:30 (IST) with the notices that are new since the last one, due in the next 7 days or overdue, of the clients you can see. Nothing is sent on a day with nothing to report.',
  turnedOn: (workspaceName: string) => `You will get the daily notices digest of ${workspaceName}.`,
  turnedOff: (workspaceName: string) => `You will no longer get the daily notices digest of ${workspaceName}.`,
  saveFailed: 'Your choice could not be saved. Please try again.',
  loadFailed: 'Your notices digest setting could not be loaded.',
} as const;

/** The profile's switch of the daily notices digest email, for one workspace; it saves as soon as it is flipped. */
export function DigestSubscriptionPanel({ workspaceId, workspaceName }: ProfilePanelProps) {
  const subscription = useDigestSubscription(workspaceId);
  const save = useSaveDigestSubscription(workspaceId);
  if (subscription.isPending) return <LoadingSkeleton rows={1} height={24} />;
  if (subscription.error) return <ErrorState message={DIGEST_TEXTS.loadFailed} onRetry={() => void subscription.refetch()} />;

  const saving = save.isPending;
  const switchTo = (subscribed: boolean) =>
    save.mutate(subscribed, {
      onSuccess: () =>
        void showToast({
          title: subscribed ? 'Digest turned on' : 'Digest turned off',
          message: subscribed ? DIGEST_TEXTS.turnedOn(workspaceName) : DIGEST_TEXTS.turnedOff(workspaceName),
          intent: 'success',
        }),
      onError: (error) => void showErrorToast(error, DIGEST_TEXTS.saveFailed, 'Digest setting not saved'),
    });
  // While saving, the switch shows the side asked for; a failure puts it back to what the server kept.
  const checked = saving ? Boolean(save.variables) : subscription.data.subscribed;
  const helpId = `notices-digest-help-${workspaceId}`;
  return (
    <FormGroup helperText={<span id={helpId}>{DIGEST_TEXTS.help}</span>}>
      <Switch
        role="switch"
        label={DIGEST_TEXTS.label}
        checked={checked}
        // Busy, it stays focusable (`aria-disabled`, not `disabled`, which would drop the focus to the page).
        className={saving ? Classes.DISABLED : undefined}
        aria-disabled={saving || undefined}
        aria-busy={saving || undefined}
        aria-describedby={helpId}
        onChange={(event) => {
          if (!saving) switchTo(event.currentTarget.checked);
        }}
      />
    </FormGroup>
  );
}
