import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appPath, followEventStream } from '@axal/web-sdk';
import { NOTIFICATION_STREAM_EVENT, type NotificationStreamEvent } from '../../../../core/notifications/wire';
import { applyStreamEvent, refetchListsOlderThan } from './notifications-api';

interface OpenStream {
  subscribers: number;
  close(): void;
}

/** One connection per workspace and tab, however many parts of the page (bell, notifications page) listen. */
const openStreams = new Map<string, OpenStream>();

function streamUrl(workspaceId: string, lastEventId: string): string {
  const url = new URL(appPath('/api/v1/notifications/stream'), window.location.origin);
  url.searchParams.set('workspaceId', workspaceId);
  url.searchParams.set('mode', 'all');
  if (lastEventId) url.searchParams.set('lastEventId', lastEventId);
  return url.toString();
}

/**
 * Feeds the workspace's notification events into the cached lists. On an error the connection is closed and opened
 * again after 5 s (spec 2 section 4), from the last event seen so the server replays what was missed. Without such an
 * event (a first connection), lists fetched before the stream started are fetched again instead.
 */
function connect(workspaceId: string, queryClient: QueryClient): () => void {
  let lastEventId = '';
  return followEventStream(() => streamUrl(workspaceId, lastEventId), {
    events: {
      [NOTIFICATION_STREAM_EVENT]: ({ data, lastEventId: id }) => {
        // The first event says where the stream starts; what came before it is only in a fresh list.
        if (!lastEventId) void refetchListsOlderThan(queryClient, workspaceId, Date.now());
        if (id) lastEventId = id;
        applyStreamEvent(queryClient, workspaceId, JSON.parse(data) as NotificationStreamEvent);
      },
    },
  });
}

/** Keeps the workspace's notification lists live while the calling component is mounted. */
export function useNotificationStream(workspaceId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workspaceId) return undefined;
    let stream = openStreams.get(workspaceId);
    if (!stream) {
      stream = { subscribers: 0, close: connect(workspaceId, queryClient) };
      openStreams.set(workspaceId, stream);
    }
    const subscribed = stream;
    subscribed.subscribers += 1;
    return () => {
      subscribed.subscribers -= 1;
      if (subscribed.subscribers === 0) {
        subscribed.close();
        openStreams.delete(workspaceId);
      }
    };
  }, [workspaceId, queryClient]);
}
