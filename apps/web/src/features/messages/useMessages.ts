import { type Message, messageRoutes } from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { MESSAGES_POLL_MS } from '../shell/shellConstants.ts';

export const MESSAGES_QUERY_KEY = ['shell', 'messages'] as const;

/** The user's messages (spec §2.10), polled while a session page is open and refreshed on window focus. */
export function useMessages() {
  return useQuery({
    queryKey: MESSAGES_QUERY_KEY,
    queryFn: ({ signal }) => apiCall(messageRoutes.getMessages, { signal }),
    refetchInterval: MESSAGES_POLL_MS,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
}

export type MessageAction = 'read' | 'delete' | 'readAll' | 'deleteAll';

async function runAction(action: MessageAction, ids: number[]): Promise<void> {
  switch (action) {
    case 'read':
      await apiCall(messageRoutes.setReaded, { body: { ids } });
      return;
    case 'delete':
      await apiCall(messageRoutes.delete, { body: { ids } });
      return;
    case 'readAll':
      await apiCall(messageRoutes.setAllReaded);
      return;
    case 'deleteAll':
      await apiCall(messageRoutes.deleteAllMessages);
      return;
  }
}

/** Applies an action to the cached list at once, so the badge and list change without waiting for a refetch. */
function applyLocally(messages: Message[], action: MessageAction, ids: number[]): Message[] {
  switch (action) {
    case 'read':
      return messages.map((message) => (ids.includes(message.id) ? { ...message, readed: true } : message));
    case 'delete':
      return messages.filter((message) => !ids.includes(message.id));
    case 'readAll':
      return messages.map((message) => ({ ...message, readed: true }));
    case 'deleteAll':
      return [];
  }
}

export function useMessageAction() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: ({ action, ids = [] }: { action: MessageAction; ids?: number[] }) => runAction(action, ids),
    onSuccess: (_result, { action, ids = [] }) => {
      queryClient.setQueryData<Message[]>(MESSAGES_QUERY_KEY, (current) =>
        current ? applyLocally(current, action, ids) : current,
      );
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
    },
    onError: (error) => {
      enqueueSnackbar(getErrorMessage(error), { variant: 'error' });
    },
  });
}
