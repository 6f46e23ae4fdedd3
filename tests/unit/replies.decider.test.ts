import { describe, expect, it } from 'vitest';
import type { ReplyEvent } from '../../domain/replies/events';
import { replyDecider, type PostReply } from '../../domain/replies/replies';
import {
  addresses,
  mentionedNames,
  mentionedOnce,
  withMention,
  withoutMention,
} from '../../domain/replies/rules';
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

  it.each([
    '@calm owl thanks, good point.',
    '@CalmOwl thanks, good point.',
    '@ Calm Owl thanks, good point.',
    'Calm Owl, thanks: good point.',
    'calm owl: good point.',
    'I agree with @CALM OWL here.',
  ])('keeps a reply that already addresses the author however typed: %j', (text) => {
    given([])
      .when(post(text))
      .then([posted(text)]);
  });

  it('still mentions the author beside someone else, or a longer name', () => {
    expect(withMention('@Calm Owl 42 said so too.', 'Calm Owl')).toBe(
      '@Calm Owl @Calm Owl 42 said so too.',
    );
    expect(withMention('@Calm Owlet agrees.', 'Calm Owl')).toBe('@Calm Owl @Calm Owlet agrees.');
    expect(withMention('Calm Owl is right.', 'Calm Owl')).toBe('@Calm Owl Calm Owl is right.');
    expect(withMention('thanks @calm owl 42', 'Calm Owl 42')).toBe('thanks @calm owl 42');
    expect(addresses('@a.b* c hi', 'a.b* c')).toBe(true);
  });

  it('shows a mention the server once doubled only once', () => {
    expect(mentionedOnce('@Calm Owl @calm owl thanks')).toBe('@calm owl thanks');
    expect(mentionedOnce('@Calm Owl 42 Calm Owl 42, thanks')).toBe('Calm Owl 42, thanks');
    expect(mentionedOnce('@Anonymous @anonymous hi')).toBe('@anonymous hi');
    for (const kept of ['@Calm Owl thanks', '@Calm Owl @Calm Owl 42 agreed', 'hi @Calm Owl']) {
      expect(mentionedOnce(kept)).toBe(kept);
    }
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
