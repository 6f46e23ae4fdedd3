import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import {
  MODERATION_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../../domain/contracts/reports';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { RadioCards } from '../../../components/ui/radio-group';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError, failureText } from '../../../lib/api-client';
import type { ReportRequest } from '../../../lib/report-request';
import { useReportItem } from '../api/report-item';

const DESCRIPTIONS: Record<ReportReason, string> = {
  harassment: 'Aimed at a person to belittle or intimidate them',
  hate: 'Attacks people for who they are',
  threat: 'Wishes or promises harm',
  'self-harm': 'Someone may be at risk',
  spam: 'Advertising, or the same words over and over',
  'personal-information': 'Names, addresses or other private details',
  'off-topic': 'Nothing to do with the discussion',
  other: 'Something else a moderator should see',
};

const OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: MODERATION_REASON_LABELS[reason],
  description: DESCRIPTIONS[reason],
}));

/**
 * Why an item should be reviewed: a reason and, if the reporter likes, a few words. Focus
 * starts in the dialog, stays inside, and returns to the Report button that opened it.
 */
const ReportDialog = ({ request, onClose }: { request: ReportRequest; onClose: () => void }) => {
  const { toast } = useToast();
  const report = useReportItem();
  const reasonsId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const tooLong = [...text].length > REPORT_TEXT_MAX;

  const handleSubmit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    if (tooLong) return;
    report.mutate(
      { target: request.target, reason, ...(text.trim() ? { text: text.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Reported — thank you', description: 'A moderator will look at it.' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast({ title: 'Reported — thank you', description: error.detail });
            onClose();
            return;
          }
          toast({
            title: 'Report not sent',
            description: failureText(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="page-fade fixed inset-0 z-50 bg-scrim" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            request.opener?.focus();
          }}
          className="sheet-up fixed inset-x-2 bottom-2 z-50 mx-auto flex max-h-[calc(100dvh-1rem)] max-w-lg flex-col rounded-xl border border-line bg-surface text-ink shadow-overlay sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
        >
          <form
            className="flex min-h-0 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              handleSubmit();
            }}
          >
            <div className="min-h-0 overflow-y-auto p-5 sm:p-6">
              <Dialog.Title className="font-serif text-title font-semibold">
                Report {request.what}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-body text-ink-muted">
                A moderator reviews every report. Nobody else learns that you reported it.
              </Dialog.Description>
              <fieldset className="mt-4">
                <legend id={reasonsId} className="mb-2 text-small font-semibold">
                  Reason
                </legend>
                <RadioCards
                  aria-labelledby={reasonsId}
                  options={OPTIONS}
                  value={reason}
                  onValueChange={(value) => {
                    setReason(value as ReportReason);
                    setMissing(false);
                  }}
                  className="sm:grid-cols-2 [&>button]:p-3"
                />
                <FieldError
                  id={`${reasonsId}-error`}
                  message={missing ? 'Choose a reason.' : null}
                />
              </fieldset>
              <div className="mt-4">
                <TextAreaField
                  label="Anything a moderator should know? (optional)"
                  rows={3}
                  value={text}
                  onValueChange={setText}
                  status={`${[...text].length} / ${REPORT_TEXT_MAX}`}
                  error={tooLong ? `${REPORT_TEXT_MAX} characters at most.` : null}
                />
              </div>
            </div>
            <div className="flex flex-col-reverse gap-3 border-t border-line p-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={report.isPending || tooLong}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};

export default ReportDialog;
