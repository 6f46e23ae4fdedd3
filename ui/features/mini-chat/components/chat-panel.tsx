import { useId, useState, type KeyboardEvent } from 'react';
import {
  LIVE_CHAT_MAX_LENGTH,
  type LiveChatMessage,
} from '../../../../domain/contracts/mini-live-chat';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { SendIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { inputClass } from '../../../components/ui/text-field';
import { sendable, type LiveChatStatus } from '../use-live-chat';
import { MessageScroller } from './message-scroller';

const Message = ({ message }: { message: LiveChatMessage }) => (
  <li className="rounded-lg bg-surface-sunken px-3 py-2">
    <p className="flex flex-wrap items-center gap-2 text-small">
      <span className="font-semibold">{message.pseudonym}</span>
      {message.archetype && <Badge tone="accent">{message.archetype.name}</Badge>}
      <RelativeTime iso={message.timestamp} className="text-ink-muted" />
    </p>
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
  const [draft, setDraft] = useState('');
  const id = useId();
  const open = status === 'open';
  const length = [...draft.trim()].length;
  const tooLong = length > LIVE_CHAT_MAX_LENGTH;

  const submit = () => {
    if (send(draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Card padding="md" className="flex h-[600px] flex-col gap-3" data-testid="chat-panel">
      <MessageScroller count={messages.length}>
        {messages.length === 0 ? (
          <p className="p-4 text-center text-ink-muted">No messages yet. Start the conversation!</p>
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
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-draft`} className="sr-only">
            Message the live chat
          </label>
          <textarea
            id={`${id}-draft`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            disabled={!open}
            placeholder={open ? 'Share a thought…' : 'Connecting to chat...'}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-count`}
            className={cx(inputClass, 'block resize-none leading-relaxed')}
          />
          <p
            id={`${id}-count`}
            className={cx('mt-1 text-small', tooLong ? 'text-danger' : 'text-ink-muted')}
          >
            {tooLong
              ? `${length} / ${LIVE_CHAT_MAX_LENGTH}: messages are ${LIVE_CHAT_MAX_LENGTH} characters at most`
              : `${length} / ${LIVE_CHAT_MAX_LENGTH} · Enter sends, Shift+Enter adds a line`}
          </p>
        </div>
        <Button type="submit" disabled={!open || !sendable(draft)} className="mb-7">
          <SendIcon aria-hidden="true" className="size-4" />
          Send
        </Button>
      </form>
    </Card>
  );
};
