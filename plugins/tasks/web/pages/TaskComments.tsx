import { Button, Card, Classes, TextArea } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { formatIndianDateTime } from '@axal/web-sdk';
import { ErrorState, LoadingState, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { MAX_COMMENT_LENGTH, TASK_TOASTS } from '../../shared/wire';
import { useAddComment, useTaskComments } from '../api';

interface TaskCommentsProps {
  workspaceId: string;
  taskId: string;
  canComment: boolean;
}

/** The Comments card (spec 2 section 2.3): a box to add one, then the comments, newest first. */
export function TaskComments({ workspaceId, taskId, canComment }: TaskCommentsProps) {
  const comments = useTaskComments(workspaceId, taskId);
  const addComment = useAddComment(workspaceId, taskId);
  const [content, setContent] = useState('');
  const headingId = useId();
  const boxId = useId();
  const isBlank = content.trim() === '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank || addComment.isPending) return;
    addComment.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        void showToast({ message: TASK_TOASTS.commentAdded, intent: 'success' });
      },
      onError: (error) => void showErrorToast(error, TASK_TOASTS.commentFailed),
    });
  };

  return (
    <Card className="tasks-card" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="tasks-card__title">
        Comments
      </h2>
      {canComment && (
        <form onSubmit={handleSubmit} className="tasks-comment-form">
          <label htmlFor={boxId} className={Classes.TEXT_MUTED}>
            Add a comment
          </label>
          <TextArea
            id={boxId}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            maxLength={MAX_COMMENT_LENGTH}
            rows={3}
            fill
            disabled={addComment.isPending}
          />
          <Button type="submit" intent="primary" text={addComment.isPending ? 'Posting...' : 'Comment'} disabled={isBlank || addComment.isPending} />
        </form>
      )}
      {comments.isPending ? (
        <LoadingState label="Loading comments..." />
      ) : comments.error ? (
        <ErrorState title={TASK_TOASTS.fetchCommentsFailed} message={comments.error.message} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{TASK_TOASTS.noComments}</p>
      ) : (
        <ol className="tasks-feed" aria-label="Comments">
          {comments.data.map((comment) => (
            <li key={comment.id} className="tasks-feed__item">
              <div className="tasks-feed__meta">
                <strong>{comment.author?.name ?? TASK_TOASTS.unknownUser}</strong>
                <time dateTime={comment.createdAt} className={Classes.TEXT_MUTED}>
                  {formatIndianDateTime(comment.createdAt)}
                </time>
              </div>
              <p className="tasks-feed__content">{comment.content}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
