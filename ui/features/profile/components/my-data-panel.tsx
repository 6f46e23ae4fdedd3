import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeleteIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useDeleteMyData } from '../api/delete-data';
import { useDownloadExport, type ExportFormat } from '../api/export-data';

const ERASURE_EXPLAINED =
  'Your answers, replies, echoes, reactions, journal, streak and badges are erased for good, ' +
  'and your email and password if you have an account. Your pseudonym becomes free for ' +
  'someone else, and this browser starts again as a new device. This cannot be undone.';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.detail : 'Boon could not be reached. Try again.';

/** "Your data": download everything Boon holds about you, or erase it. */
export const MyDataPanel = () => {
  const download = useDownloadExport();
  const erase = useDeleteMyData();
  const navigate = useNavigate();
  const { toast } = useToast();

  const save = (format: ExportFormat) => download.mutate(format);
  const eraseEverything = () =>
    erase.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Your data was deleted', description: 'This is a fresh device now.' });
        navigate('/');
      },
    });

  return (
    <Card as="section" aria-labelledby="my-data-title" className="mt-6">
      <h2 id="my-data-title" className="font-serif text-title">
        Your data
      </h2>
      <p className="mt-1 text-ink-muted">
        Everything Boon holds about you, yours to take with you or to erase.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => save('json')} disabled={download.isPending}>
          Download my data
        </Button>
        <Button variant="secondary" onClick={() => save('markdown')} disabled={download.isPending}>
          Download journal (Markdown)
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost-danger" disabled={erase.isPending}>
              <DeleteIcon aria-hidden="true" />
              Delete my data
            </Button>
          }
          title="Delete all your data?"
          description={ERASURE_EXPLAINED}
          confirmLabel="Delete everything"
          onConfirm={eraseEverything}
        />
      </div>
      <div aria-live="polite">
        {download.isError && (
          <Callout tone="danger" className="mt-4" title="The download failed">
            {failure(download.error)}
          </Callout>
        )}
        {erase.isError && (
          <Callout tone="danger" className="mt-4" title="Your data was not deleted">
            {failure(erase.error)}
          </Callout>
        )}
      </div>
    </Card>
  );
};
