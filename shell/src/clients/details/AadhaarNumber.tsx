import { Button } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiV1 } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';

interface AadhaarNumberProps {
  workspaceId: string;
  clientId: string;
  /** As every answer gives it: XXXX-XXXX-1234. */
  masked: string;
  canReveal: boolean;
}

/** 234567890123 as 2345-6789-0123, grouped like the masked form. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1-');

/** The masked Aadhaar number; managers may reveal the full one, after "Verify Your Identity" when it is due (logged). */
export function AadhaarNumber({ workspaceId, clientId, masked, canReveal }: AadhaarNumberProps) {
  const [full, setFull] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () =>
      apiV1<{ aadhaarNumber: string | null; unreadable?: true }>(`/clients/${clientId}/aadhaar`, {
        query: { workspaceId },
        stepUp: { reason: 'Enter your account password to see the full Aadhaar number.' },
      }),
    onSuccess: ({ aadhaarNumber }) => {
      if (aadhaarNumber) setFull(grouped(aadhaarNumber));
      else void showToast({ message: 'The stored Aadhaar number could not be read.', intent: 'danger' });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.stepUpDeclined))
        void showErrorToast(error, 'Please try again.', 'Failed to reveal the Aadhaar number');
    },
  });

  return (
    <span className="client-aadhaar">
      <span>{full ?? masked}</span>
      {canReveal &&
        (full ? (
          <Button variant="minimal" size="small" icon="eye-off" aria-label="Hide Aadhaar number" onClick={() => setFull(null)} />
        ) : (
          <Button
            variant="minimal"
            size="small"
            icon="eye-open"
            aria-label="Reveal Aadhaar number"
            loading={reveal.isPending}
            onClick={() => reveal.mutate()}
          />
        ))}
    </span>
  );
}
