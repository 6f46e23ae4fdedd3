import { CloudUpload } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useOnline } from '../../../components/unreachable';
import type { ShownWrite } from '../../../lib/offline/outbox';

/**
 * Today's answer, shared while Boon could not be reached: kept on this device and shown here,
 * as it will be shared once Boon can be reached (then the discussion opens).
 */
export const WaitingAnswer = ({ write }: { write: ShownWrite }) => {
  const online = useOnline();
  return (
    <Card tone="flat" role="status" aria-labelledby="waiting-answer" data-waiting-answer>
      <h2 id="waiting-answer" className="flex items-center gap-2 font-semibold">
        <CloudUpload aria-hidden="true" className="size-5 text-accent-ink" />
        Waiting to be shared
      </h2>
      <p className="mt-1 text-small text-ink-muted">
        {online
          ? 'Boon can’t be reached right now. Your answer is kept on this device and is shared as soon as it can be.'
          : 'You’re offline. Your answer is kept on this device and is shared when you’re back.'}
      </p>
      <blockquote className="mt-4 font-serif text-reading whitespace-pre-line wrap-anywhere">
        {write.text}
      </blockquote>
    </Card>
  );
};
