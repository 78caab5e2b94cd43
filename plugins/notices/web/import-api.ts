import { useMutation } from '@tanstack/react-query';
import { ApiError, apiV1, appPath } from '@axal/web-sdk';
import { NOTICES_ROUTES, type NoticeImportResult, type NoticeImportRowError } from '../shared/wire';

/** The template's address: a plain download link, signed in by the session cookie. */
export const importTemplateHref = (workspaceId: string) =>
  `${appPath(`/api/v1/${NOTICES_ROUTES.importTemplate}`)}?${new URLSearchParams({ workspaceId })}`;

/** `POST notices/upload`: the workspace goes in the query too, as the server checks it before reading the file. */
export function useUploadNotices(workspaceId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('workspaceExternalId', workspaceId);
      body.append('file', file, file.name);
      return apiV1<NoticeImportResult>(`/${NOTICES_ROUTES.upload}`, { method: 'POST', body, query: { workspaceId } });
    },
  });
}

/** The rows a refused file was refused for (422 `details.rows`); none for any other failure. */
export function rowErrorsOf(error: unknown): NoticeImportRowError[] {
  if (!(error instanceof ApiError)) return [];
  const rows = (error.body.details as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as NoticeImportRowError[]) : [];
}
