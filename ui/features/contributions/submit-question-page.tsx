import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { submissionRule } from '../../../domain/contributions/question-text';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Form, SubmitButton } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page-header';
import { useSubmitQuestion } from './api/submissions';
import { QuestionField } from './components/question-field';

type SubmissionValues = { content: string };

/** /submit-question: a question for the admins to consider. */
const SubmitQuestionPage = () => {
  const form = useForm<SubmissionValues>({ defaultValues: { content: '' }, mode: 'onChange' });
  const submit = useSubmitQuestion();

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
                form.reset();
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
      <Card padding="lg">
        <Form
          form={form}
          onSubmit={({ content }) => submit.mutateAsync(content)}
          failureTitle="Submission failed"
          aria-label="Submit a question"
          className="flex flex-col gap-4"
          footer={
            <SubmitButton
              control={form.control}
              pending="Submitting..."
              disabled={!form.formState.isValid}
            >
              Submit Question
            </SubmitButton>
          }
        >
          <QuestionField control={form.control} rule={submissionRule} />
        </Form>
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
