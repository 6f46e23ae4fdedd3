import { CloudUpload } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { ShownWrite } from '../../../lib/offline/outbox';

/** A journal entry written while Boon could not be reached: kept here until it is saved. */
export const WaitingEntry = ({ write }: { write: ShownWrite }) => {
  const { title } = (write.body ?? {}) as { title?: string };
  return (
    <li>
      <Card className="border-dashed" aria-label={`Waiting to be saved: ${title || 'an entry'}`}>
        <p className="flex items-center gap-1.5 text-caption text-ink-muted">
          <CloudUpload aria-hidden="true" className="size-3.5" />
          {write.status === 'waiting' ? 'Waiting to be saved' : 'Saving…'}
        </p>
        {title && (
          <h3 className="mt-1 font-serif text-lead font-semibold wrap-anywhere">{title}</h3>
        )}
        <p className="mt-2 font-serif text-reading whitespace-pre-line wrap-anywhere">
          {write.text}
        </p>
      </Card>
    </li>
  );
};
