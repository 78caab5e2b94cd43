import { Button, Classes, FormGroup, TextArea } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiV1, formatDate, formatIndianDateTime, formatRelativeTime, usePermission } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { noteInputSchema } from '../../../../core/clients/schemas';
import { clientNotesKey, useClientNotes, type ClientNote } from '../clients-api';
import { ClientSection } from './ClientSection';

interface NotesProps {
  workspaceId: string;
  clientId: string;
}

/** Free-text notes on a client, newest first; staff add them (spec 2.9, 5.8). */
export function NotesSection({ workspaceId, clientId }: NotesProps) {
  const canAddNotes = usePermission('add_client_notes');
  return (
    <ClientSection title="Notes" icon="annotation">
      {canAddNotes && <AddNoteForm workspaceId={workspaceId} clientId={clientId} />}
      <NotesList workspaceId={workspaceId} clientId={clientId} />
    </ClientSection>
  );
}

function AddNoteForm({ workspaceId, clientId }: NotesProps) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const inputId = useId();
  const addNote = useMutation({
    mutationFn: (noteContent: string) =>
      apiV1<{ note: ClientNote }>(`/clients/${clientId}/notes`, { method: 'POST', body: { content: noteContent, workspaceId } }),
    onSuccess: async () => {
      setContent('');
      void showToast({ message: 'Note added', intent: 'success' });
      await queryClient.invalidateQueries({ queryKey: clientNotesKey(workspaceId, clientId) });
    },
    onError: (error) => void showErrorToast(error, 'Please try again.', 'Failed to add note'),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (addNote.isPending) return;
    const parsed = noteInputSchema.safeParse({ content });
    if (!parsed.success) {
      void showToast({ title: 'Empty note', message: parsed.error.issues[0]?.message ?? '', intent: 'warning' });
      return;
    }
    addNote.mutate(parsed.data.content);
  };

  return (
    <form className="add-note-form" onSubmit={handleSubmit}>
      <FormGroup label="Add New Note" labelFor={inputId}>
        <TextArea
          id={inputId}
          fill
          rows={3}
          placeholder="Write a note about this client..."
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          disabled={addNote.isPending}
          maxLength={10_000}
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="add"
        text={addNote.isPending ? 'Adding...' : 'Add Note'}
        disabled={content === '' || addNote.isPending}
      />
    </form>
  );
}

function NotesList({ workspaceId, clientId }: NotesProps) {
  const notes = useClientNotes(workspaceId, clientId);
  if (notes.isPending)
    return (
      <p className={`client-notes__state ${Classes.TEXT_MUTED}`} role="status">
        Loading notes...
      </p>
    );
  if (notes.error) {
    return (
      <p className="client-notes__state client-notes__state--error" role="alert">
        There was a problem loading the notes. Please try refreshing the page.
      </p>
    );
  }
  if (notes.data.length === 0) return <p className={`client-notes__state ${Classes.TEXT_MUTED}`}>No notes yet. Add your first note.</p>;
  return (
    // Focusable so the scrolling list can be scrolled with the keyboard.
    <ul className="client-notes" aria-label="Notes" tabIndex={0}>
      {notes.data.map((note) => (
        <li key={note.externalId} className="client-note">
          <p className="client-note__content">{note.content}</p>
          <p className={`client-note__meta ${Classes.TEXT_MUTED}`}>
            <span>{note.author?.name ?? 'Former member'}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={note.dateAdded} title={formatIndianDateTime(note.dateAdded)}>
              {formatDate(note.dateAdded)} ({formatRelativeTime(note.dateAdded)})
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}
