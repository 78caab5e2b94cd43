import type { ToastContent } from '@axal/web-sdk/ui';

/** A failure's toast (spec 2 section 8): the spec's wording as the title with `reason` beneath it, or the wording alone when the reason adds nothing. */
export function failureToast(title: string, reason: string): ToastContent {
  const detail = reason.trim();
  return detail && detail !== title ? { title, message: detail, intent: 'danger' } : { message: title, intent: 'danger' };
}
