import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { folderPathProblem, MESSAGES } from '../../shared/wire';
import { useCreateDirectory } from '../api';
import { joinPath } from '../folder-paths';

interface NewFolderFormProps {
  workspaceId: string;
  /** Where the new folder goes ("" is the home directory). */
  parentPath: string;
  /** The client the new folder is assigned to, if any. */
  clientId?: string;
  onCreated: (path: string) => void;
  autoFocus?: boolean;
}

/** Creates a folder under `parentPath`; a name with slashes creates the folders between as well. */
export function NewFolderForm({ workspaceId, parentPath, clientId, onCreated, autoFocus }: NewFolderFormProps) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const createDirectory = useCreateDirectory(workspaceId);
  const inputId = useId();
  const helperId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form sits inside other forms' dialogs; its submit must not reach them.
    event.stopPropagation();
    const trimmed = name.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === '' || createDirectory.isPending) return;
    const path = joinPath(parentPath, trimmed);
    if (folderPathProblem(path)) {
      setInvalid(true);
      return;
    }
    createDirectory.mutate(
      { path, clientId },
      {
        onSuccess: (created) => {
          setName('');
          void showToast({ message: 'Folder created', intent: 'success' });
          onCreated(created.path);
        },
        onError: (error) => void showErrorToast(error, 'Please try again.', 'Failed to create folder'),
      },
    );
  };

  return (
    <form className="documents-new-folder" onSubmit={handleSubmit}>
      <FormGroup
        label="New folder"
        labelFor={inputId}
        intent={invalid ? 'danger' : 'none'}
        helperText={
          <span id={helperId}>
            {invalid && <strong role="alert">{MESSAGES.invalidFolderName}. </strong>}
            {MESSAGES.folderNameRule}
          </span>
        }
      >
        <div className="documents-new-folder__row">
          <InputGroup
            id={inputId}
            fill
            autoFocus={autoFocus}
            autoComplete="off"
            placeholder="Folder name"
            value={name}
            intent={invalid ? 'danger' : 'none'}
            aria-invalid={invalid}
            aria-describedby={helperId}
            disabled={createDirectory.isPending}
            onValueChange={(value) => {
              setName(value);
              setInvalid(false);
            }}
          />
          <Button type="submit" icon="folder-new" text={createDirectory.isPending ? 'Creating...' : 'Create'} disabled={createDirectory.isPending} />
        </div>
      </FormGroup>
    </form>
  );
}
