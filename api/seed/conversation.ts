import { REACTION_EMOJI } from '../../domain/contracts/reactions';
import type { ProductDay } from '../../domain/shared/product-day';
import { ensureQuestionOfTheDay } from '../commands/question-of-the-day';
import { answerText, replyText } from './texts';
import type { Random } from './random';
import { inParallel, momentIn, type Person, type Seeder, type SeedWorld } from './world';

type Answer = { id: string; author: Person };

/**
 * Where an answer places itself: a third skip the question, the rest spread over the
 * spectrum with most near the middle (the sum of two draws).
 */
const spectrumPosition = (random: Random): number | null =>
  random.chance(0.3) ? null : random.int(-50, 50) + random.int(-50, 50);

/**
 * The daily loop: the day's question is activated; people answer by how active they are
 * (spread lengths) and most place themselves on the spectrum, echo and react to a few
 * answers, reply to some, and now and then delete an answer (some of them answer again).
 */
export const conversationSeeder: Seeder = {
  name: 'answers, echoes, replies and deletions',
  day: async (world: SeedWorld, day: ProductDay) => {
    const { random } = world;
    world.at(momentIn(day, 0, world.rules));
    const { question } = await ensureQuestionOfTheDay(world.server.context, day);
    const answerers = world.people.filter((p) => random.chance(p.activity));
    const answers: Answer[] = [];
    world.at(momentIn(day, 0.3, world.rules));
    await inParallel(answerers, 8, async (author) => {
      const res = await world.call(author, 'POST', '/api/responses', {
        content: answerText(random),
        questionId: question.questionId,
        spectrumPosition: spectrumPosition(random),
      });
      if (res.status === 201) answers.push({ id: res.body.id, author });
    });

    world.at(momentIn(day, 0.6, world.rules));
    await inParallel(answerers, 8, async (reader) => {
      const others = answers.filter((a) => a.author !== reader);
      for (const answer of random.sample(others, random.int(0, 6))) {
        await world.call(reader, 'POST', `/api/responses/${answer.id}/echo`, {});
      }
      for (const answer of random.sample(others, random.int(0, 4))) {
        const reaction = { emoji: random.pick(REACTION_EMOJI) };
        const path = `/api/responses/${answer.id}/reactions`;
        await world.call(reader, 'POST', path, reaction);
        // Now and then a second thought: the same toggle takes the reaction back.
        if (random.chance(0.1)) await world.call(reader, 'POST', path, reaction);
      }
      if (random.chance(0.2) && others.length > 0) {
        await world.call(reader, 'POST', '/api/replies', {
          responseId: random.pick(others).id,
          content: replyText(random),
        });
      }
    });

    world.at(momentIn(day, 0.9, world.rules));
    for (const answer of random.sample(answers, Math.round(answers.length * 0.02))) {
      const deleted = await world.call(answer.author, 'DELETE', `/api/responses/${answer.id}`);
      if (deleted.status === 200 && random.chance(0.5)) {
        await world.call(answer.author, 'POST', '/api/responses', {
          content: answerText(random),
          questionId: question.questionId,
          spectrumPosition: spectrumPosition(random),
        });
      }
    }
  },
};
