import { useMutationState } from '@tanstack/react-query';
import { CloudUpload, WifiOff } from 'lucide-react';
import { useOnline } from './unreachable';

const actions = (n: number) => `${n} ${n === 1 ? 'action' : 'actions'}`;

/**
 * Says, at the top of every page, that the device is offline and what waits to be sent (an
 * echo, a reply: mutations taken offline wait and go out on reconnecting). Once back, it says
 * so while the waiting actions are sent, then goes.
 */
export const ConnectionBanner = () => {
  const online = useOnline();
  const waiting = useMutationState({
    filters: { status: 'pending', predicate: (mutation) => mutation.state.isPaused },
    select: (mutation) => mutation.mutationId,
  }).length;
  if (online && waiting === 0) return null;
  const Icon = online ? CloudUpload : WifiOff;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 border-b border-line bg-caution-soft text-small text-ink"
    >
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-caution-ink" />
        {online
          ? `Back online: sending ${actions(waiting)}…`
          : waiting > 0
            ? `You’re offline. ${actions(waiting)} will be sent when you’re back.`
            : 'You’re offline. What you do here waits and is sent when you’re back.'}
      </p>
    </div>
  );
};
