import type { AnyEvent } from '../../domain/event-catalog';
import { submission } from './seed';

/**
 * The opinion map's known answer: two planted camps on one question. Every camp member answers
 * and echoes the other answers of their own camp; two bridge answers (from two people who only
 * write) are echoed by everyone. The map must find exactly two groups, each person in their
 * camp, and the two bridges as the common ground.
 */
export type PlantedCamps = {
  questionId: number;
  camps: [string[], string[]];
  /** Each camp's answers, by responseId. */
  answers: [string[], string[]];
  bridges: [string, string];
};

export const plantedCamps = (questionId = 1, perCamp = 8, secondCamp = perCamp): PlantedCamps => {
  const camp = (name: string, size: number) =>
    Array.from({ length: size }, (_, i) => `${name}${i}`);
  const camps: [string[], string[]] = [camp('left-', perCamp), camp('right-', secondCamp)];
  return {
    questionId,
    camps,
    // Answer ids name no one, as the real (random) ones do.
    answers: [camps[0].map((_, i) => `answer-L${i}`), camps[1].map((_, i) => `answer-R${i}`)],
    bridges: ['bridge-one', 'bridge-two'],
  };
};

const at = (minute: number) =>
  `2026-03-02T${String(10 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;

/** The camps' history as events: answers first (the bridges among them), then the echoes. */
export const plantedCampsEvents = (fixture: PlantedCamps): AnyEvent[] => {
  const { questionId, camps, answers, bridges } = fixture;
  let minute = 0;
  const events: AnyEvent[] = [];
  const everyone = [...camps[0], ...camps[1]];
  const written = [...answers[0], ...answers[1]];
  everyone.forEach((person, i) => {
    events.push(submission(written[i]!, questionId, person, at(minute++)));
    if (i === camps[0].length) {
      bridges.forEach((bridge, b) =>
        events.push(submission(bridge, questionId, `bridge-author-${b}`, at(minute++))),
      );
    }
  });
  const echo = (actorId: string, responseId: string): AnyEvent => ({
    type: 'EchoGiven',
    data: { responseId, questionId, actorId, day: '2026-03-02', at: at(minute++) },
  });
  camps.forEach((members, side) => {
    members.forEach((person, i) => {
      for (const answer of answers[side]!) {
        if (answer !== answers[side]![i]) events.push(echo(person, answer));
      }
      for (const bridge of bridges) events.push(echo(person, bridge));
    });
  });
  return events;
};
