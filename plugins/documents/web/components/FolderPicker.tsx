import { Button, Classes, Icon, InputGroup } from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import { ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import type { DirectoriesResponse } from '../../shared/wire';
import { useDirectories } from '../api';
import { lastSegmentOf, ROOT_PATH, segmentsOf } from '../folder-paths';
import { NewFolderForm } from './NewFolderForm';

const HOME_DIRECTORY = 'Home Directory';

interface FolderPickerProps {
  workspaceId: string;
  /** Only this client's folders (and those above them), for uploads from the client page. */
  clientId?: string;
  value: string;
  onChange: (path: string) => void;
  canCreate: boolean;
}

interface FolderRow {
  path: string;
  depth: number;
}

/** The folders in tree order: each folder followed by its sub-folders, depth first. */
function treeRows(children: DirectoriesResponse['children']): FolderRow[] {
  const rows: FolderRow[] = [];
  const visit = (path: string, depth: number) => {
    for (const child of children[path] ?? []) {
      rows.push({ path: child, depth });
      visit(child, depth + 1);
    }
  };
  visit(ROOT_PATH, 1);
  return rows;
}

/**
 * Where uploads go: a searchable tree of the workspace's folders with 'Home Directory' at the top and, for those who
 * may upload, a folder can be created under the chosen one. The folders are radio buttons, so the arrow keys move
 * through them.
 */
export function FolderPicker({ workspaceId, clientId, value, onChange, canCreate }: FolderPickerProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="documents-folder-picker">
      <div className="documents-folder-picker__chosen">
        <span aria-live="polite">
          Uploading to: <strong>{value === ROOT_PATH ? HOME_DIRECTORY : `${HOME_DIRECTORY} / ${segmentsOf(value).join(' / ')}`}</strong>
        </span>
        <Button
          variant="minimal"
          size="small"
          icon={isOpen ? 'chevron-up' : 'folder-open'}
          text={isOpen ? 'Hide folders' : 'Change folder'}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        />
      </div>
      {isOpen && (
        <div id={panelId} className="documents-folder-picker__body">
          <FolderTree workspaceId={workspaceId} clientId={clientId} value={value} onChange={onChange} canCreate={canCreate} />
        </div>
      )}
    </div>
  );
}

function FolderTree({ workspaceId, clientId, value, onChange, canCreate }: FolderPickerProps) {
  const directories = useDirectories(workspaceId, clientId);
  const [search, setSearch] = useState('');
  const groupName = useId();
  const rows = useMemo(() => (directories.data ? treeRows(directories.data.children) : []), [directories.data]);

  const needle = search.trim().toLowerCase();
  // While searching, the matching folders are listed flat with their whole path, so each says where it is.
  const shown = needle ? rows.filter((row) => lastSegmentOf(row.path).toLowerCase().includes(needle)).map((row) => ({ ...row, depth: 1 })) : rows;

  return (
    <>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search folders..."
        aria-label="Search folders"
        value={search}
        onValueChange={setSearch}
      />
      {directories.error ? (
        <ErrorState title="Failed to fetch folders" message={directories.error.message} onRetry={() => void directories.refetch()} />
      ) : directories.isPending ? (
        <LoadingSkeleton rows={3} height={24} />
      ) : (
        <div className="documents-folder-picker__panel" role="radiogroup" aria-label="Destination folder">
          {!needle && (
            <FolderOption name={groupName} path={ROOT_PATH} label={HOME_DIRECTORY} depth={0} checked={value === ROOT_PATH} onChange={onChange} />
          )}
          {shown.map((row) => (
            <FolderOption
              key={row.path}
              name={groupName}
              path={row.path}
              label={needle ? row.path : lastSegmentOf(row.path)}
              depth={row.depth}
              checked={value === row.path}
              onChange={onChange}
            />
          ))}
          {needle && shown.length === 0 && <p className={`documents-folder-picker__empty ${Classes.TEXT_MUTED}`}>No folders match your search.</p>}
        </div>
      )}
      {canCreate && <NewFolderForm workspaceId={workspaceId} parentPath={value} clientId={clientId} onCreated={onChange} />}
    </>
  );
}

interface FolderOptionProps {
  name: string;
  path: string;
  label: string;
  depth: number;
  checked: boolean;
  onChange: (path: string) => void;
}

function FolderOption({ name, path, label, depth, checked, onChange }: FolderOptionProps) {
  return (
    <label className={`documents-folder-option${checked ? ' documents-folder-option--checked' : ''}`} style={{ paddingLeft: 8 + depth * 18 }}>
      <input type="radio" name={name} value={path} checked={checked} onChange={() => onChange(path)} />
      <Icon icon={path === ROOT_PATH ? 'home' : checked ? 'folder-open' : 'folder-close'} aria-hidden="true" />
      <span className="documents-folder-option__label">{label}</span>
    </label>
  );
}
