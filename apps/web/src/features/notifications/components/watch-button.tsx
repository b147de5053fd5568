import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { errorMessage } from '../../../lib/error-message.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { fr } from '../../../locales/fr/index.ts';
import { setWatching, watchKey, watchQueryOptions } from '../api/notifications-api.ts';

const t = fr.notifications.watch;

/**
 * 'Suivre' / 'Ne plus suivre' on a task's page: a watcher is told of its comments and status changes.
 * Whether the person watches it is the server's to say (the task's `watching`), so it shows online only.
 */
export function WatchButton({ taskId }: { taskId: string }) {
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const state = useQuery({ ...watchQueryOptions(taskId), enabled: online });
  const change = useMutation({
    mutationFn: (watching: boolean) => setWatching(taskId, watching),
    onSuccess: (answer) => queryClient.setQueryData(watchKey(taskId), answer),
  });
  const watching = state.data?.watching;
  // Offline, or before the server has said: nothing to offer rather than a guess.
  if (!online || watching === undefined) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        title={t.hint}
        disabled={change.isPending}
        onClick={() => change.mutate(!watching)}
      >
        {watching ? (
          <EyeOff aria-hidden="true" focusable="false" size={16} />
        ) : (
          <Eye aria-hidden="true" focusable="false" size={16} />
        )}
        {watching ? t.unfollow : t.follow}
      </button>
      {change.isError && (
        <p className="field__error" role="alert">
          {`${t.failed} : ${errorMessage(change.error)}`}
        </p>
      )}
    </>
  );
}
