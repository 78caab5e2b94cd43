import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler, type StepUpPrompt } from '@axal/web-sdk';

// Its own chunk: most pages never need it.
const VerifyIdentityDialog = lazy(() => import('./VerifyIdentityDialog'));

interface PendingStepUp {
  prompt: StepUpPrompt;
  settle: (verified: boolean) => void;
}

/**
 * Answers every API call that asks for a step-up (the shell's and the plugins', through the SDK's API client) with
 * "Verify Your Identity"; the call is retried once the password is verified, and fails as it is when cancelled.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<PendingStepUp | null>(null);
  const pendingRef = useRef<PendingStepUp | null>(null);

  useEffect(() => {
    const show = (next: PendingStepUp | null) => {
      pendingRef.current = next;
      setPending(next);
    };
    setStepUpHandler(
      (prompt) =>
        new Promise<boolean>((resolve) => {
          show({
            prompt,
            settle: (verified) => {
              show(null);
              resolve(verified);
            },
          });
        }),
    );
    return () => {
      setStepUpHandler(null);
      // A page left while the dialog was open: the waiting call fails rather than hanging.
      pendingRef.current?.settle(false);
    };
  }, []);

  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <VerifyIdentityDialog prompt={pending.prompt} onVerified={() => pending.settle(true)} onCancel={() => pending.settle(false)} />
    </Suspense>
  );
}
