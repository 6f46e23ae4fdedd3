import { useForm, useWatch } from 'react-hook-form';
import { RESULT_CHAT_MAX_LENGTH } from '../../../../domain/contracts/mini';
import { sharedTopics } from '../../../../domain/contracts/topics';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useLiveTopics } from '../../../lib/live-client';
import { useChatMessages } from '../api/chat-messages';
import { usePostChatMessage } from '../api/post-chat-message';
import { ChatUnreachable } from './chat-unreachable';
import { useTravelerNickname } from '../api/traveler-nickname';

/** The chat of those who reached this archetype on today's dilemma, under the nickname the server gave. */
export const TravelersChat = ({
  dilemmaId,
  archetypeId,
}: {
  dilemmaId: string;
  archetypeId: string;
}) => {
  const nickname = useTravelerNickname(dilemmaId, archetypeId);
  const form = useForm({ defaultValues: { content: '' } });
  const draft = useWatch({ control: form.control, name: 'content' });
  const messages = useChatMessages(dilemmaId, archetypeId);
  const post = usePostChatMessage(dilemmaId, archetypeId);
  const { toast } = useToast();
  useLiveTopics([sharedTopics.miniTravelers.name({ dilemmaId, archetypeId })]);

  const send = async ({ content }: { content: string }) => {
    await post.mutateAsync({ content: content.trim() });
    form.reset();
  };
  // The spec's two toasts: a refusal the server explained, or any other failure.
  const notSent = (error: unknown) =>
    toast(
      error instanceof ApiError
        ? { title: 'Failed to send message', description: error.detail, variant: 'destructive' }
        : { title: 'Error', description: 'Could not send your message', variant: 'destructive' },
    );

  // The server refused (someone who did not reach this archetype today): nothing to retry.
  if (messages.error instanceof ApiError && messages.error.status < 500) {
    return (
      <Card padding="lg">
        <p>This chat is for those who reached this archetype on today’s dilemma.</p>
      </Card>
    );
  }
  return (
    <Card padding="lg">
      {messages.error && (
        <ChatUnreachable
          retrying={messages.isFetching}
          onRetry={() => void messages.refetch()}
          className="mb-4"
        />
      )}
      {nickname.data && (
        <p className="text-small text-ink-muted">
          In this chat you appear as <strong className="text-ink">{nickname.data.nickname}</strong>:
          a name for Fellow Travelers only, so the path you took today is not linked to your
          pseudonym.
        </p>
      )}
      <ol
        className="mt-4 flex max-h-96 flex-col gap-3 overflow-y-auto"
        aria-label="Messages"
        aria-live="polite"
      >
        {messages.data?.length === 0 && (
          <li className="text-ink-muted">No messages yet. Start the conversation!</li>
        )}
        {messages.data?.map((m) => (
          <li
            key={m.id}
            className={cx(
              'max-w-[85%] rounded-lg px-3 py-2',
              m.isOwn ? 'self-end bg-accent-soft text-right' : 'self-start bg-surface-sunken',
            )}
          >
            <p className="text-small font-semibold">{m.username}</p>
            <p className="break-words whitespace-pre-wrap">{m.content}</p>
            <RelativeTime iso={m.timestamp} className="text-small text-ink-muted" />
          </li>
        ))}
      </ol>
      <Form
        form={form}
        onSubmit={send}
        onFailure={notSent}
        className="mt-4 flex items-end gap-2"
        footer={
          <SubmitButton control={form.control} pending="Send" disabled={!draft.trim()}>
            Send
          </SubmitButton>
        }
      >
        <div className="flex-1">
          <FormTextField
            control={form.control}
            name="content"
            label="Message your fellow travelers"
            maxLength={RESULT_CHAT_MAX_LENGTH}
            rules={{
              validate: (text: string) =>
                hasVisibleCharacter(text) || 'Write something before sending.',
            }}
          />
        </div>
      </Form>
    </Card>
  );
};
