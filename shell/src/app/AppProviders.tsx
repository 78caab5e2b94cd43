import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { takeCarriedToast } from '../auth/carried-toast';
import { StepUpHost } from './StepUpHost';

/** Data fetching for the app's pages, and the identity check their calls may ask for. */
export default function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The light site's toast that was on screen when it opened this page ("Welcome back, ..." after signing in).
    const carried = takeCarriedToast();
    if (carried) void showToast(carried);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <StepUpHost />
    </QueryClientProvider>
  );
}
