import { Link } from 'react-router-dom';
import { useState, type FormEvent } from 'react';
import {
  SUBMISSION_MAX_WORDS,
  SUBMISSION_MIN_CHARACTERS,
} from '../../../domain/contracts/contributions';
import { countWords } from '../../../domain/shared/words';
import { Button, ButtonLink } from '../../components/ui/button';
import { Callout } from '../../components/ui/callout';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { TextAreaField } from '../../components/ui/text-area-field';
import { ApiError } from '../../lib/api-client';
import { useSubmitQuestion } from './api/submissions';

/** The spec's checks, in its words, before anything is sent. */
const faultOf = (content: string) => {
  const text = content.trim();
  if (!text) return 'Please enter a question';
  if ([...text].length < SUBMISSION_MIN_CHARACTERS) {
    return 'Question must be at least 10 characters long';
  }
  if (countWords(text) > SUBMISSION_MAX_WORDS) return 'Question must be 30 words or less';
  return null;
};

/** /submit-question: a question for the admins to consider. */
const SubmitQuestionPage = () => {
  const [content, setContent] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmitQuestion();
  const words = countWords(content);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const fault = faultOf(content);
    if (fault) {
      setFailure(fault);
      return;
    }
    setFailure(null);
    submit.mutate(content, {
      onError: (error) =>
        setFailure(
          error instanceof ApiError && error.detail ? error.detail : 'Failed to submit question',
        ),
    });
  };

  if (submit.isSuccess) {
    return (
      <EmptyState
        level={1}
        role="status"
        title="Thank You!"
        action={
          <>
            <Button
              onClick={() => {
                setContent('');
                submit.reset();
              }}
            >
              Submit Another Question
            </Button>
            <ButtonLink to="/home" variant="secondary">
              Return to Home
            </ButtonLink>
          </>
        }
      >
        <p>Your question was sent to our team for review.</p>
      </EmptyState>
    );
  }
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader
        title="Submit a Question"
        description="Suggest a question for the community to reflect on."
      />
      <Card as="form" padding="lg" onSubmit={send} className="flex flex-col gap-4" noValidate>
        {failure && (
          <Callout tone="danger" role="alert" title="Submission failed">
            {failure}
          </Callout>
        )}
        <TextAreaField
          label="Your question"
          value={content}
          onValueChange={setContent}
          rows={4}
          status={`${words}/${SUBMISSION_MAX_WORDS} words`}
        />
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Question'}
        </Button>
      </Card>
      <p className="mt-6 text-small text-ink-muted">
        Still shaping an idea?{' '}
        <Link to="/brainstorm" className="link">
          Brainstorm it with the community
        </Link>{' '}
        and see which suggestions become questions.
      </p>
    </section>
  );
};

export default SubmitQuestionPage;
