import { showToast } from '@axal/web-sdk/ui';
import { serverReasonOf } from '@axal/web-sdk';
import { failureToast } from '../../failure-text';

/** The spec's failure wording as the title, and the server's reason beneath it when it gave one. */
export const showFailure = (title: string, error: unknown): Promise<string> => showToast(failureToast(title, serverReasonOf(error)));
