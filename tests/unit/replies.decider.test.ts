import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from '../../domain/replies/events';
import { replyDecider, type PostReply } from '../../domain/replies/replies';
import { mentionedNames, withMention, withoutMention } from '../../domain/replies/rules';
import { specFor } from '../support/given-when-then';

const given = specFor(replyDecider);
const at = new Date('2026-11-22T15:00:00Z');
const post = (content: string): PostReply => ({
  type: 'PostReply',
  replyId: 'p1',
  responseId: 'r1',
  questionId: 3,
  responseAuthorPseudonym: 'Calm Owl',
  authorId: 'bob',
  pseudonym: 'Brave Fox',
  content,
  at,
});
const posted = (content: string): ReplyEvent => ({
  type: 'ReplyPosted',
  data: {
    replyId: 'p1',
    responseId: 'r1',
    questionId: 3,
    authorId: 'bob',
    pseudonym: 'Brave Fox',
    content,
    at: at.toISOString(),
  },
});

describe('PostReply', () => {
  it('prefixes an @-mention of the response author when missing', () => {
    given([])
      .when(post('I see it differently.'))
      .then([posted('@Calm Owl I see it differently.')]);
  });

  it('keeps a reply that already mentions the author', () => {
    given([])
      .when(post('Thanks @Calm Owl, good point.'))
      .then([posted('Thanks @Calm Owl, good point.')]);
  });

  it('does not mention the author in a reply to their own response', () => {
    given([])
      .when({ ...post('One more thing.'), pseudonym: 'Calm Owl', authorId: 'alice' })
      .then([
        {
          type: 'ReplyPosted',
          data: {
            replyId: 'p1',
            responseId: 'r1',
            questionId: 3,
            authorId: 'alice',
            pseudonym: 'Calm Owl',
            content: 'One more thing.',
            at: at.toISOString(),
          },
        },
      ]);
  });

  it('mentions Anonymous when the author has no pseudonym', () => {
    expect(withMention('hello', '')).toBe('@Anonymous hello');
  });

  it('refuses an empty reply and one over 300 words', () => {
    given([]).when(post('  ')).thenFails('invalid', 'Please write something before submitting.');
    given([])
      .when(post(Array.from({ length: 301 }, () => 'w').join(' ')))
      .thenFails('invalid', 'Your reply exceeds the 300 word limit.');
  });

  it('accepts exactly 300 words', () => {
    const text = `@Calm Owl ${Array.from({ length: 298 }, () => 'w').join(' ')}`;
    given([])
      .when(post(text))
      .then([posted(text)]);
  });
});

describe('DeleteReply', () => {
  it('deletes the author’s reply, and only the author’s', () => {
    const history = [posted('@Calm Owl hi there')];
    given(history)
      .when({ type: 'DeleteReply', replyId: 'p1', actorId: 'bob', at })
      .then([
        {
          type: 'ReplyDeleted',
          data: {
            replyId: 'p1',
            responseId: 'r1',
            questionId: 3,
            authorId: 'bob',
            at: at.toISOString(),
          },
        },
      ]);
    given(history)
      .when({ type: 'DeleteReply', replyId: 'p1', actorId: 'mallory', at })
      .thenFails('forbidden');
    given([])
      .when({ type: 'DeleteReply', replyId: 'p1', actorId: 'bob', at })
      .thenFails('not_found');
  });
});

describe('@-mentions', () => {
  it('are found as pseudonyms are made, a trailing number read both ways', () => {
    expect(mentionedNames('@Calm Owl yes. And @Bold Fox 42 too, cc @nobody, a@Calm Owl')).toEqual([
      'Calm Owl',
      'Bold Fox',
      'Bold Fox 42',
    ]);
    expect(mentionedNames('No mention of Calm Owl here.')).toEqual([]);
  });

  it('of an erased name read Anonymous, and nothing else in the reply changes', () => {
    expect(withoutMention('@Calm Owl, I think Calm Owl is right. @Calm Owl!', 'Calm Owl')).toBe(
      '@Anonymous, I think Calm Owl is right. @Anonymous!',
    );
    expect(withoutMention('@Calm Owl 42 and @Calm Owlet', 'Calm Owl')).toBe(
      '@Calm Owl 42 and @Calm Owlet',
    );
    expect(withoutMention('@Calm Owl 42 yes', 'Calm Owl 42')).toBe('@Anonymous yes');
    expect(withoutMention('@A.B (x) $1', 'A.B (x)')).toBe('@Anonymous $1');
  });
});
