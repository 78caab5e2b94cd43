import { showToast } from '@axal/web-sdk/ui';

/** One toast for a save (the app shows one at a time): success, or a warning carrying the server's doubts. */
export function showSavedToast(title: string, warnings: string[]): void {
  void showToast(warnings.length > 0 ? { title, message: warnings.join(' '), intent: 'warning' } : { message: title, intent: 'success' });
}
