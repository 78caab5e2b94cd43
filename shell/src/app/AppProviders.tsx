import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@axal/web-sdk';
import { StepUpHost } from './StepUpHost';

/** Data fetching for the signed-in and sign-in areas, and the identity check their calls may ask for; the public pages load without them. */
export default function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <StepUpHost />
    </QueryClientProvider>
  );
}
