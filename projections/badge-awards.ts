import { newlyEarned } from '../domain/badges/catalogue';
import type { EventType } from '../domain/event-catalog';
import type { RecordedEvent } from '../domain/shared/events';
import { badgesProjection } from './badges';
import type { Reaction } from './engine/define';
import { reactor, type ReactorContext } from './engine/reactor';
import { progressProjection } from './progress';

export type AwardBadgeReaction = Reaction & {
  type: 'AwardBadge';
  personId: string;
  badgeId: string;
  at: string;
};

/**
 * Asks for every badge the person now qualifies for and does not hold: their progress as the
 * progress projection counts it after the event, against the badges their stream already
 * holds (and those asked for earlier in this batch). The badges decider awards a badge once,
 * however often it is asked.
 */
const award = async (
  personId: string,
  cause: RecordedEvent<{ type: EventType; data: { at: string } }>,
  context: ReactorContext,
) => {
  const person = await context.read(progressProjection).progress_people.findOne({ _id: personId });
  if (!person) return;
  const held = new Set(
    (await context.read(badgesProjection).earned_badges.find({ personId })).map((b) => b.badgeId),
  );
  for (const reaction of context.dispatched) {
    if (reaction.type === 'AwardBadge' && reaction.personId === personId) {
      held.add(String(reaction.badgeId));
    }
  }
  for (const badge of newlyEarned(person, held)) {
    const reaction: AwardBadgeReaction = {
      type: 'AwardBadge',
      causationId: cause.id,
      personId,
      badgeId: badge.id,
      at: cause.data.at,
    };
    context.dispatch(reaction);
  }
};

/** The badge reactor: what earns a badge is what moves a count of the person's progress up. */
export const badgeAwardsReactor = reactor({
  name: 'badge-awards',
  reads: [progressProjection, badgesProjection],
  on: {
    ResponseSubmitted: (event, context) => award(event.data.authorId, event, context),
    EchoGiven: async (event, context) => {
      const answer = await context
        .read(progressProjection)
        .progress_answers.findOne({ _id: event.data.responseId });
      if (answer) await award(answer.authorId, event, context);
    },
    ReplyPosted: (event, context) => award(event.data.authorId, event, context),
    JournalEntryWritten: (event, context) => award(event.data.personId, event, context),
    MiniJourneyCompleted: (event, context) => award(event.data.personId, event, context),
    ContributionUsed: (event, context) => award(event.data.authorId, event, context),
    // Community Voice: a contributed question becomes a question of the day.
    QuestionOfTheDayActivated: async (event, context) => {
      if (event.data.submissionId === null) return;
      const contributed = await context
        .read(progressProjection)
        .progress_contributions.findOne({ _id: String(event.data.questionId) });
      if (contributed?.authorId) await award(contributed.authorId, event, context);
    },
  },
});
