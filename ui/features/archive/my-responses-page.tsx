import { Link } from 'react-router-dom';
import { SpectrumPosition } from '../../components/spectrum-position';
import { KeptReadNotice, Unreachable } from '../../components/unreachable';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { DeleteIcon, DiscussionIcon } from '../../components/ui/icons';
import { VoiceDrawing } from '../../components/ui/illustrations';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonList } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { failureText } from '../../lib/api-client';
import { PSEUDONYM_KEY, readLocal } from '../../lib/device-identity';
import { failureInPlace } from '../../lib/read-failure';
import { isUnreachable } from '../../lib/registration';
import { longDate } from '../../lib/today-question';
import { useDeleteMyResponse } from './api/delete-my-response';
import { useMyResponses } from './api/my-responses';

/** The caller's own answers, newest first, numbered counting down, each deletable. */
const MyResponsesPage = () => {
  const responses = useMyResponses();
  const remove = useDeleteMyResponse();
  const { toast } = useToast();
  const pseudonym = readLocal(PSEUDONYM_KEY);

  const header = (
    <PageHeader
      title="My Responses"
      description={`Your personal archive of responses as ${pseudonym ?? 'you'}`}
    />
  );
  const failure = failureInPlace(responses);
  if (failure) {
    return isUnreachable(failure) ? (
      <Unreachable onRetry={() => void responses.refetch()} retrying={responses.isFetching} />
    ) : (
      <>
        {header}
        <p role="alert">Error loading responses. Please try refreshing the page.</p>
      </>
    );
  }
  const list = responses.data ?? [];
  return (
    <>
      <KeptReadNotice read={responses} />
      {header}
      {responses.isPending ? (
        <SkeletonList count={3} label="Loading your responses…" />
      ) : list.length === 0 ? (
        <EmptyState
          drawing={<VoiceDrawing />}
          title="No responses yet"
          action={<ButtonLink to="/home">Share your first perspective</ButtonLink>}
        >
          <p>Your answers will gather here, day by day.</p>
        </EmptyState>
      ) : (
        <ol className="grid gap-4" aria-label="Your responses">
          {list.map((response, index) => (
            <li key={response.id}>
              <Card as="article" aria-labelledby={`response-${response.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`response-${response.id}`} className="text-small font-semibold">
                    Response #{list.length - index}
                  </h2>
                  <Badge>{longDate(response.day)}</Badge>
                </div>
                <p className="mt-3 font-serif text-title">{response.questionContent}</p>
                <p className="mt-2 whitespace-pre-line text-body">{response.content}</p>
                <div className="mt-2">
                  <SpectrumPosition position={response.spectrumPosition} />
                </div>
                <div className="mt-4 flex flex-wrap gap-2">
                  <ButtonLink
                    to={`/responses/${response.questionId}`}
                    variant="secondary"
                    size="sm"
                  >
                    <DiscussionIcon aria-hidden="true" />
                    View Discussion
                  </ButtonLink>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete response #${list.length - index}`}
                      >
                        <DeleteIcon aria-hidden="true" />
                        Delete
                      </Button>
                    }
                    title="Delete this response?"
                    description="Are you sure you want to delete this response? This action cannot be undone."
                    confirmLabel="Delete"
                    onConfirm={() =>
                      remove.mutate(response.id, {
                        onSuccess: () => toast({ title: 'Response deleted' }),
                        // The spec's words; the server's reason (or the network's) beside them.
                        onError: (error) =>
                          toast({
                            title: 'Failed to delete response. Please try again.',
                            description: failureText(error),
                            variant: 'destructive',
                          }),
                      })
                    }
                  />
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-8 text-small text-ink-muted">
        Looking for older questions? <Link to="/archive">Open the archive</Link>.
      </p>
    </>
  );
};

export default MyResponsesPage;
