import { ApiError } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';

/** The spec's failure wording as the title, and the server's reason beneath it when it gave one. */
export function showFailure(title: string, error: unknown): Promise<string> {
  if (error instanceof ApiError && error.message !== title) return showToast({ title, message: error.message, intent: 'danger' });
  return showToast({ message: title, intent: 'danger' });
}
