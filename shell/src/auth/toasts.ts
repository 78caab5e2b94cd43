import { useSyncExternalStore } from 'react';
import { ApiError } from '@axal/web-sdk';
import { carryToast, type CarriedToast, type CarriedToastIntent } from './carried-toast';

/**
 * The sign-in pages' toasts, one at a time as in the app: a small store, so a toast outlives the page that raised
 * it ("Account created" stays on as sign-up leads to login). `Toaster` (controls/Toaster.tsx) draws it.
 */
export interface ToastContent {
  title?: string;
  message: string;
  intent?: CarriedToastIntent;
}

export interface ShownToast extends CarriedToast {
  key: number;
}

/** As long as Blueprint's toasts stay, so both halves of the product behave alike. */
const SHOWN_FOR_MS = 5_000;

let shown: ShownToast | null = null;
let shownCount = 0;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setShown(next: ShownToast | null): void {
  shown = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShownToast(): ShownToast | null {
  return useSyncExternalStore(subscribe, () => shown);
}

export function dismissToast(): void {
  clearTimeout(hideTimer);
  setShown(null);
}

/** Keeps the toast on screen while it is being read (pointer or focus on it). */
export function holdToast(): void {
  clearTimeout(hideTimer);
}

/** Lets the toast go after its usual time, counted from now. */
export function releaseToast(): void {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(dismissToast, SHOWN_FOR_MS);
}

/** Shows a toast, replacing the one on screen. */
export function showToast({ title, message, intent = 'none' }: ToastContent): void {
  shownCount += 1;
  setShown({ title, message, intent, key: shownCount });
  releaseToast();
}

/** A failed call's server message (an ApiError), or `fallback` for anything else, such as a network failure. */
export function showErrorToast(error: unknown, fallback: string, title?: string): void {
  showToast({ title, message: error instanceof ApiError ? error.message : fallback, intent: 'danger' });
}

/** Hands the toast on screen to the workspace app, which a link from the site opens as another page. */
export function carryShownToast(): void {
  if (shown) carryToast({ title: shown.title, message: shown.message, intent: shown.intent });
}
