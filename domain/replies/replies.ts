import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { ReplyEvent } from './events';
import { acceptReplyContent, withMention } from './rules';

/** Each reply is its own stream: its author and whether it still stands. */
export const replyStreamId = (replyId: string) => `reply-${replyId}`;

export type PostReply = {
  type: 'PostReply';
  replyId: string;
  responseId: string;
  questionId: number;
  responseAuthorPseudonym: string;
  authorId: string;
  pseudonym: string;
  content: string;
  at: Date;
};

export type DeleteReply = { type: 'DeleteReply'; replyId: string; actorId: string; at: Date };

export type ReplyCommand = PostReply | DeleteReply;

export type ReplyState =
  | { status: 'none' }
  | { status: 'posted' | 'deleted'; authorId: string; responseId: string; questionId: number };

export const replyDecider: Decider<ReplyCommand, ReplyEvent, ReplyState> = {
  initialState: () => ({ status: 'none' }),
  readsPersonalFields: false,
  evolve: (_state, event) => ({
    status: event.type === 'ReplyPosted' ? 'posted' : 'deleted',
    authorId: event.data.authorId,
    responseId: event.data.responseId,
    questionId: event.data.questionId,
  }),
  decide: (command, state) => {
    switch (command.type) {
      case 'PostReply': {
        if (state.status !== 'none')
          throw conflict('Duplicate reply', 'This reply exists already.');
        const content = acceptReplyContent(command.content);
        return [
          {
            type: 'ReplyPosted',
            data: {
              replyId: command.replyId,
              responseId: command.responseId,
              questionId: command.questionId,
              authorId: command.authorId,
              pseudonym: command.pseudonym,
              content: withMention(content, command.responseAuthorPseudonym, command.pseudonym),
              at: command.at.toISOString(),
            },
          },
        ];
      }
      case 'DeleteReply': {
        if (state.status === 'none') throw notFound('Reply not found', 'There is no such reply.');
        if (state.authorId !== command.actorId) {
          throw forbidden('Not your reply', 'Only the author can delete this reply.');
        }
        if (state.status === 'deleted') return [];
        return [
          {
            type: 'ReplyDeleted',
            data: {
              replyId: command.replyId,
              responseId: state.responseId,
              questionId: state.questionId,
              authorId: state.authorId,
              at: command.at.toISOString(),
            },
          },
        ];
      }
    }
  },
};

/** Bound to the stream its commands address. */
export const replies = commandHandler(replyDecider, (c) => replyStreamId(c.replyId));
