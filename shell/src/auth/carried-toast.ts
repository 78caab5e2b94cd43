/**
 * A toast still on screen when the light site hands over to the workspace app: that is a full page load, so the
 * toast is kept in this tab's storage for a moment and the app shows it again ("Welcome back, ..." after signing in).
 */
export type CarriedToastIntent = 'success' | 'danger' | 'warning' | 'primary' | 'none';

export interface CarriedToast {
  title?: string;
  message: string;
  intent: CarriedToastIntent;
}

const STORAGE_KEY = 'axal.carriedToast';
/** Longer than loading the app takes; a toast found later belongs to a visit that has ended. */
const FRESH_FOR_MS = 15_000;

export function carryToast(toast: CarriedToast): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...toast, carriedAt: Date.now() }));
  } catch {
    // Storage switched off: the toast is simply not shown again.
  }
}

/** The carried toast, once: it is removed as it is read. */
export function takeCarriedToast(): CarriedToast | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    sessionStorage.removeItem(STORAGE_KEY);
    if (!stored || typeof stored !== 'object') return null;
    const { title, message, intent, carriedAt } = stored as Record<string, unknown>;
    if (typeof message !== 'string' || typeof carriedAt !== 'number' || Date.now() - carriedAt > FRESH_FOR_MS) return null;
    return { title: typeof title === 'string' ? title : undefined, message, intent: (intent as CarriedToastIntent) ?? 'none' };
  } catch {
    return null;
  }
}
