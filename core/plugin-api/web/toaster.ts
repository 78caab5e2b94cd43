import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { createElement, Fragment, type ReactNode } from 'react';
import { serverReasonOf } from './api-client';

export type ToastIntent = 'success' | 'danger' | 'warning' | 'primary' | 'none';

export interface ToastContent {
  title?: string;
  message: ReactNode;
  intent?: ToastIntent;
}

let toaster: Promise<Toaster> | null = null;

/** One toaster for the shell and every plugin, showing a single toast at a time (spec: toast limit 1). */
function appToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: 'top', maxToasts: 1 }).catch((error: unknown) => {
    toaster = null;
    throw error;
  });
  return toaster;
}

/** Shows a toast, the title in bold above the message; resolves to the toast's key. */
export async function showToast({ title, message, intent = 'none' }: ToastContent): Promise<string> {
  const body = title ? createElement(Fragment, null, createElement('strong', { style: { display: 'block' } }, title), message) : message;
  return (await appToaster()).show({ message: body, intent });
}

/** A failed call's reason as the server gave it, or `fallback` when it gave none (a network failure, a proxy's bare 502). */
export function showErrorToast(error: unknown, fallback: string, title?: string): Promise<string> {
  const message = serverReasonOf(error) || fallback;
  return showToast({ title, message, intent: 'danger' });
}
