/** The Blueprint-based part of the web SDK: shared components, toasts and hooks every page uses. */
export { ConfirmByTypingDialog } from './components/ConfirmByTypingDialog';
export type { ConfirmByTypingDialogProps } from './components/ConfirmByTypingDialog';
export { DataTable } from './components/DataTable';
export type { DataTableColumn, DataTableProps } from './components/DataTable';
export { FormDialog } from './components/FormDialog';
export type { FormDialogProps } from './components/FormDialog';
export { Paginator } from './components/Paginator';
export type { PaginatorProps } from './components/Paginator';
export { ScrollStrip } from './components/ScrollStrip';
export type { ScrollStripProps } from './components/ScrollStrip';
export { EmptyState, ErrorState, LoadingSkeleton, LoadingState } from './components/States';
export type { EmptyStateProps, ErrorStateProps, LoadingSkeletonProps, LoadingStateProps } from './components/States';
export { showErrorToast, showToast } from './toaster';
export type { ToastContent, ToastIntent } from './toaster';
export { useCopyToClipboard } from './use-copy-to-clipboard';
export type { CopyState } from './use-copy-to-clipboard';
export { useDebouncedSearchParam } from './use-debounced-search-param';
