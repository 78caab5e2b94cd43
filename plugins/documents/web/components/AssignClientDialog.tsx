import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { showToast } from '@axal/web-sdk/ui';
import type { DirectoryNode } from '../../shared/wire';
import { useAssignClient, useClientOptions } from '../api';

const SEARCH_DEBOUNCE_MS = 300;

interface AssignClientDialogProps {
  workspaceId: string;
  /** The folder or file to assign; null while the dialog is closed. */
  node: DirectoryNode | null;
  onClose: () => void;
}

const currentClientOf = (node: DirectoryNode) => (node.type === 'file' ? node.fileInfo.client : (node.clients[0] ?? null));

/** 'Assign Client to Folder or File': one client chosen from a searchable list of the workspace's clients. */
export function AssignClientDialog({ workspaceId, node, onClose }: AssignClientDialogProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const clients = useClientOptions(workspaceId, debouncedSearch, node !== null);
  const assign = useAssignClient(workspaceId);
  const groupName = useId();

  useEffect(() => {
    const timer = setTimeout(() => setDebouncedSearch(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const reset = () => {
    setSearch('');
    setDebouncedSearch('');
    setSelected(null);
    assign.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!node || !selected || assign.isPending) return;
    const request =
      node.type === 'file'
        ? { type: 'file' as const, path: node.path, fileId: node.fileInfo.id, clientId: selected }
        : { type: 'directory' as const, path: node.path, clientId: selected };
    assign.mutate(request, {
      onSuccess: () => {
        const client = clients.data?.find((option) => option.externalId === selected);
        void showToast({ message: client ? `${node.name} is now assigned to ${client.name}` : 'Client assigned', intent: 'success' });
        onClose();
      },
      // The spec shows no message for a failed assignment; the dialog keeps the server's reason in view instead.
      onError: (error) => console.warn('Assigning a client failed', error),
    });
  };

  const current = node ? currentClientOf(node) : null;
  return (
    <Dialog
      isOpen={node !== null}
      onOpening={() => setSelected(current?.externalId ?? null)}
      onClose={onClose}
      onClosed={reset}
      title="Assign Client to Folder or File"
      icon="person"
      className="documents-assign-dialog"
      canEscapeKeyClose={!assign.isPending}
      canOutsideClickClose={!assign.isPending}
    >
      <form onSubmit={handleSubmit}>
        <DialogBody>
          {node && (
            <p>
              {node.type === 'directory' ? 'Folder' : 'File'}: <strong>{node.name}</strong>
              {current && <span className={Classes.TEXT_MUTED}> (now assigned to {current.name})</span>}
            </p>
          )}
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search clients..."
            aria-label="Search clients"
            autoFocus
            value={search}
            onValueChange={setSearch}
          />
          <div className="documents-client-list" role="radiogroup" aria-label="Clients" aria-busy={clients.isFetching}>
            {clients.error ? (
              <p className={Classes.TEXT_MUTED}>The client list could not be loaded.</p>
            ) : clients.isPending ? (
              <p className={Classes.TEXT_MUTED} role="status">
                Loading...
              </p>
            ) : clients.data.length === 0 ? (
              <p className={Classes.TEXT_MUTED}>No clients found.</p>
            ) : (
              clients.data.map((client) => (
                <label
                  key={client.externalId}
                  className={`documents-client-option${selected === client.externalId ? ' documents-client-option--checked' : ''}`}
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={client.externalId}
                    checked={selected === client.externalId}
                    onChange={() => setSelected(client.externalId)}
                  />
                  <span>{client.name}</span>
                </label>
              ))
            )}
          </div>
          {assign.error && (
            <Callout intent="danger" className="documents-assign-dialog__error">
              {assign.error.message}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={assign.isPending} />
              <Button
                type="submit"
                intent="primary"
                text={assign.isPending ? 'Assigning...' : 'Assign Client'}
                disabled={!selected || assign.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
