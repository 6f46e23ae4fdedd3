import { useRef, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  LIVE_CHAT_MAX_LENGTH,
  type LiveChatMessage,
} from '../../../../domain/contracts/mini-live-chat';
import { ModerationState } from '../../../components/moderation-state';
import { ReportButton } from '../../../components/report-button';
import { Callout } from '../../../components/ui/callout';
import { Card } from '../../../components/ui/card';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextAreaField } from '../../../components/ui/form-fields';
import { SendIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useFitToScreen } from '../use-fit-to-screen';
import { sendable, type LiveChatStatus } from '../use-live-chat';
import { MessageScroller } from './message-scroller';

const Message = ({ message }: { message: LiveChatMessage }) => (
  <li className="rounded-lg bg-surface-sunken px-3 py-2">
    <p className="flex flex-wrap items-center gap-2 text-small">
      <span className="font-semibold">{message.pseudonym}</span>
      <RelativeTime iso={message.timestamp} className="text-ink-muted" />
      {!message.isOwn && (
        <span className="ml-auto -my-1">
          <ReportButton
            target={{ kind: 'chat', id: message.id }}
            what={`the message by ${message.pseudonym}`}
          />
        </span>
      )}
    </p>
    {message.moderation && <ModerationState state={message.moderation} className="mt-2" />}
    <p className="mt-1 break-words whitespace-pre-wrap">{message.content}</p>
  </li>
);

/** The 600 px chat: the messages, then the box to write in (Enter sends, Shift+Enter breaks a line). */
export const ChatPanel = ({
  status,
  messages,
  error,
  send,
}: {
  status: LiveChatStatus;
  messages: LiveChatMessage[];
  error: string | null;
  send: (draft: string) => boolean;
}) => {
  // Checked as it is written: a message too long says so at once, and Send waits.
  const form = useForm({ defaultValues: { content: '' }, mode: 'onChange' });
  const composer = useRef<HTMLFormElement>(null);
  const { ref: fitted, height } = useFitToScreen<HTMLDivElement>();
  const draft = useWatch({ control: form.control, name: 'content' });
  const open = status === 'open';
  const length = [...draft.trim()].length;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    composer.current?.requestSubmit();
  };

  return (
    <div ref={fitted} style={{ height }}>
      <Card padding="md" className="flex h-full flex-col gap-3" data-testid="chat-panel">
        <MessageScroller count={messages.length}>
          {messages.length === 0 ? (
            <p className="p-4 text-center text-ink-muted">
              No messages yet. Start the conversation!
            </p>
          ) : (
            <ol className="flex flex-col gap-2 pr-3" aria-label="Messages">
              {messages.map((m) => (
                <Message key={m.id} message={m} />
              ))}
            </ol>
          )}
        </MessageScroller>
        {error && (
          <Callout tone="caution" role="alert" title="Message not sent">
            {error}
          </Callout>
        )}
        <Form
          ref={composer}
          form={form}
          // A message the socket took is gone from the box; one it could not take stays.
          onSubmit={({ content }) => send(content) && form.reset()}
          className="flex items-end gap-2"
          footer={
            <SubmitButton
              control={form.control}
              pending="Send"
              disabled={!open || !sendable(draft)}
              className="mb-7"
            >
              <SendIcon aria-hidden="true" className="size-4" />
              Send
            </SubmitButton>
          }
        >
          <div className="min-w-0 flex-1">
            <FormTextAreaField
              control={form.control}
              name="content"
              label="Message the live chat"
              labelHidden
              rows={2}
              disabled={!open}
              placeholder={open ? 'Share a thought…' : 'Connecting to chat...'}
              onKeyDown={onKeyDown}
              className="resize-none"
              rules={{
                validate: (text: string) => {
                  const count = [...text.trim()].length;
                  return (
                    count <= LIVE_CHAT_MAX_LENGTH ||
                    `${count} / ${LIVE_CHAT_MAX_LENGTH}: messages are ${LIVE_CHAT_MAX_LENGTH} characters at most`
                  );
                },
              }}
              status={
                length <= LIVE_CHAT_MAX_LENGTH &&
                `${length} / ${LIVE_CHAT_MAX_LENGTH} · Enter sends, Shift+Enter adds a line`
              }
            />
          </div>
        </Form>
      </Card>
    </div>
  );
};
