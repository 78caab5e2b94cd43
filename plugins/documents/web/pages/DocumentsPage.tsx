import { Button, Classes, Dialog, DialogBody, H1, InputGroup, Tooltip } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, usePermission, useDocumentTitle } from '@axal/web-sdk';
import { EmptyState, showToast } from '@axal/web-sdk/ui';
import { MESSAGES, type DirectoryNode, type FolderNode } from '../../shared/wire';
import { useDirectoryTree, useStorageInfo, useWorkspaceName } from '../api';
import { AssignClientDialog } from '../components/AssignClientDialog';
import { DeleteDocumentsDialog } from '../components/DeleteDocumentsDialog';
import { DisabledButton } from '../components/DisabledButton';
import { NewFolderForm } from '../components/NewFolderForm';
import { StorageBar } from '../components/StorageBar';
import { UploadDialog } from '../components/UploadDialog';
import { UpgradeStorageButton } from '../components/UpgradeStorage';
import { parentOf, ROOT_PATH, segmentsOf } from '../folder-paths';
import { DirectoryTable, nodeKey } from './DirectoryTable';
import { folderSearch, useDirectoryPath } from './use-directory-path';
import '../documents.css';

const LOAD_FAILED = 'Failed to load directory structure';
/** The shell names its pages "<page> | <product>"; the SDK has no helper for it yet. */

/** Folders before files, each group by name, whatever order the answer came in. */
function sortedEntries(folder: FolderNode): DirectoryNode[] {
  return [...folder.children].sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
}

const isAccessError = (error: Error) => (error instanceof ApiError && error.status === 403) || error.message.toLowerCase().includes('permission');
const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

/** `{app}/w/:workspaceId/documents`: the directory browser (spec 3 section 2). */
export function DocumentsPage() {
  const { workspaceId = '' } = useParams();
  const { path, isValid, isSettled, openFolder } = useDirectoryPath();
  const tree = useDirectoryTree(workspaceId, path, isValid && isSettled);
  const canUpload = usePermission('upload');
  const canAssign = usePermission('assign_client');
  const canDelete = usePermission('delete_documents');
  const canViewStorage = usePermission('view_storage');
  const storage = useStorageInfo(workspaceId, canViewStorage);

  const [search, setSearch] = useState('');
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set());
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [isNewFolderOpen, setNewFolderOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [assignTarget, setAssignTarget] = useState<DirectoryNode | null>(null);

  // Another folder starts with nothing selected and no filter.
  const [shownPath, setShownPath] = useState(path);
  if (shownPath !== path) {
    setShownPath(path);
    setSelectedKeys(new Set());
    setSearch('');
  }

  useDocumentTitle('Documents');

  const entries = useMemo(() => (tree.data ? sortedEntries(tree.data) : []), [tree.data]);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => (needle ? entries.filter((node) => node.name.toLowerCase().includes(needle)) : entries), [entries, needle]);
  const selected = entries.filter((node) => selectedKeys.has(nodeKey(node)));

  const toggle = (node: DirectoryNode) =>
    setSelectedKeys((current) => {
      const next = new Set(current);
      if (!next.delete(nodeKey(node))) next.add(nodeKey(node));
      return next;
    });
  const toggleAll = (select: boolean) => setSelectedKeys(select ? new Set(shown.map(nodeKey)) : new Set());

  const refresh = async () => {
    const [result] = await Promise.all([tree.refetch(), canViewStorage ? storage.refetch() : null]);
    if (result.error) {
      void showToast({ title: 'Refresh Failed', message: result.error instanceof ApiError ? result.error.message : LOAD_FAILED, intent: 'danger' });
      return;
    }
    const isEmptyWorkspace = path === ROOT_PATH && result.data?.childCount === 0;
    void showToast({
      title: 'Directory Refreshed',
      message: isEmptyWorkspace ? 'No documents found in this workspace' : 'Document list has been updated',
      intent: 'success',
    });
  };

  return (
    <div className="documents-page">
      <header className="documents-heading">
        <div>
          <H1 className="documents-heading__title">Documents</H1>
          <p className={`documents-heading__description ${Classes.TEXT_MUTED}`}>
            The workspace&apos;s files in folders, assigned to clients where they belong.
          </p>
        </div>
        <div className="documents-heading__actions">
          <UpgradeStorageButton workspaceId={workspaceId} />
          {canUpload && <Button icon="folder-new" text="New Folder" onClick={() => setNewFolderOpen(true)} disabled={!isValid} />}
          {canUpload && (
            <Button intent="primary" icon="cloud-upload" text="Upload Documents" onClick={() => setUploadOpen(true)} disabled={!isValid} />
          )}
        </div>
      </header>

      {canViewStorage && storage.data && <StorageBar storage={storage.data} />}
      {canViewStorage && storage.error && (
        <p className={`documents-storage-error ${Classes.TEXT_MUTED}`}>
          Failed to fetch storage info <Button variant="minimal" size="small" icon="refresh" text="Retry" onClick={() => void storage.refetch()} />
        </p>
      )}

      <div className="documents-toolbar">
        <div className="documents-toolbar__path">
          {path !== ROOT_PATH && (
            <Button icon="arrow-left" aria-label="Back" title="Back" variant="minimal" onClick={() => openFolder(parentOf(path))} />
          )}
          <Breadcrumb path={path} />
        </div>
        <div className="documents-toolbar__actions">
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search files and folders..."
            aria-label="Search files and folders"
            value={search}
            onValueChange={setSearch}
            className="documents-toolbar__search"
          />
          <Tooltip
            content={
              <span>
                Refresh directory structure
                <br />
                {tree.dataUpdatedAt > 0 ? `Last updated: ${new Date(tree.dataUpdatedAt).toLocaleTimeString()}` : 'Not loaded yet'}
              </span>
            }
          >
            <Button
              icon="refresh"
              aria-label="Refresh directory structure"
              loading={tree.isFetching && tree.isSuccess}
              onClick={() => void refresh()}
              disabled={!isValid}
            />
          </Tooltip>
          {canDelete ? (
            <Button intent="danger" icon="trash" text="Delete Documents" disabled={selected.length === 0} onClick={() => setDeleteOpen(true)} />
          ) : (
            <DisabledButton icon="trash" text="Delete Documents" reason={MESSAGES.deleteForbidden} />
          )}
        </div>
      </div>

      {selected.length > 0 && (
        <div className="documents-selection" aria-live="polite">
          <span>{selected.length} selected</span>
          <Button variant="minimal" size="small" text="Clear selection" onClick={() => setSelectedKeys(new Set())} />
        </div>
      )}

      <DirectoryView
        path={path}
        isValid={isValid}
        tree={tree}
        entries={entries}
        shown={shown}
        selectedKeys={selectedKeys}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onAssignClient={canAssign ? setAssignTarget : undefined}
        onOpenRoot={() => openFolder(ROOT_PATH)}
      />

      {canUpload && <UploadDialog workspaceId={workspaceId} isOpen={isUploadOpen} onClose={() => setUploadOpen(false)} initialDirectory={path} />}
      {canUpload && (
        <Dialog isOpen={isNewFolderOpen} onClose={() => setNewFolderOpen(false)} title="New Folder" icon="folder-new">
          <DialogBody>
            <p>
              In: <strong>{['Root', ...segmentsOf(path)].join(' / ')}</strong>
            </p>
            <NewFolderForm workspaceId={workspaceId} parentPath={path} autoFocus onCreated={() => setNewFolderOpen(false)} />
          </DialogBody>
        </Dialog>
      )}
      <DeleteDocumentsPart
        workspaceId={workspaceId}
        isOpen={isDeleteOpen}
        selected={selected}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => setSelectedKeys(new Set())}
      />
      {canAssign && <AssignClientDialog workspaceId={workspaceId} node={assignTarget} onClose={() => setAssignTarget(null)} />}
    </div>
  );
}

/** "Root / Clients / Acme": every folder above the current one is a link. */
function Breadcrumb({ path }: { path: string }) {
  const segments = segmentsOf(path);
  const crumbs = [
    { label: 'Root', path: ROOT_PATH },
    ...segments.map((segment, index) => ({ label: segment, path: segments.slice(0, index + 1).join('/') })),
  ];
  return (
    <nav aria-label="Breadcrumb">
      <ol className={Classes.BREADCRUMBS}>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`} aria-current="page">
                {crumb.label}
              </span>
            ) : (
              <Link to={{ search: folderSearch(crumb.path) }} className={Classes.BREADCRUMB}>
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface DirectoryViewProps {
  path: string;
  isValid: boolean;
  tree: ReturnType<typeof useDirectoryTree>;
  entries: DirectoryNode[];
  shown: DirectoryNode[];
  selectedKeys: ReadonlySet<string>;
  onToggle: (node: DirectoryNode) => void;
  onToggleAll: (select: boolean) => void;
  onAssignClient?: (node: DirectoryNode) => void;
  onOpenRoot: () => void;
}

/** The folder's listing, or the state that stands in for it: loading, not found, restricted, failed, empty. */
function DirectoryView({ path, isValid, tree, entries, shown, selectedKeys, onToggle, onToggleAll, onAssignClient, onOpenRoot }: DirectoryViewProps) {
  const returnToRoot = path !== ROOT_PATH ? <Button icon="home" text="Return to Root Directory" onClick={onOpenRoot} /> : undefined;
  if (!isValid || (tree.error && isNotFound(tree.error))) {
    return (
      <StateFrame>
        <EmptyState
          icon="folder-close"
          title={MESSAGES.directoryNotFound}
          description="The folder may have been deleted or renamed."
          action={returnToRoot}
        />
      </StateFrame>
    );
  }
  if (tree.error && isAccessError(tree.error)) {
    return (
      <StateFrame>
        <EmptyState icon="lock" title="Access Restricted" description="You don't have permission to view this directory" action={returnToRoot} />
      </StateFrame>
    );
  }
  // With entries in the folder, nothing is shown only because the search matched none of them.
  const emptyState =
    entries.length === 0 ? (
      <EmptyState
        icon="folder-open"
        title={path === ROOT_PATH ? 'The home folder is empty' : 'This folder is empty'}
        description="Upload documents to get started"
      />
    ) : (
      <EmptyState icon="search" title="No matches found for your search" description="Try another part of the name." />
    );
  return (
    <DirectoryTable
      nodes={shown}
      selected={selectedKeys}
      onToggle={onToggle}
      onToggleAll={onToggleAll}
      onAssignClient={onAssignClient}
      loading={!tree.data && !tree.error}
      error={
        tree.error
          ? { title: LOAD_FAILED, message: tree.error instanceof ApiError ? tree.error.message : LOAD_FAILED, onRetry: () => void tree.refetch() }
          : undefined
      }
      empty={emptyState}
    />
  );
}

const StateFrame = ({ children }: { children: ReactNode }) => <div className="documents-state">{children}</div>;

interface DeleteDocumentsPartProps {
  workspaceId: string;
  isOpen: boolean;
  selected: DirectoryNode[];
  onClose: () => void;
  onDeleted: () => void;
}

/** The delete dialog once the workspace's name, which it asks for, is known. */
function DeleteDocumentsPart({ workspaceId, ...props }: DeleteDocumentsPartProps) {
  const workspaceName = useWorkspaceName(workspaceId);
  if (!workspaceName.data) return null;
  return <DeleteDocumentsDialog workspaceId={workspaceId} workspaceName={workspaceName.data} {...props} />;
}
