import type { Random } from './random';

/** Sentences people might write about a daily ethical question, written for the seed. */
const openings = [
  'I keep coming back to the people who would carry the cost.',
  'My first instinct says yes, but I am not sure it survives a closer look.',
  'It depends on who gets to decide, and who is left out of that decision.',
  'Honestly, I changed my mind twice while writing this.',
  'This is harder than it looks once you imagine a real person on the other side.',
  'I think fairness matters more here than efficiency.',
  'Growing up, my family would have answered this very differently than I do now.',
  'The question assumes a choice most of us never actually get to make.',
  'I would start from what we owe to people who cannot speak for themselves.',
  'Rules help, but they cannot replace judgment in a case like this.',
];
const middles = [
  'A promise made in good faith still binds us when it becomes inconvenient.',
  'Small harms add up when everyone assumes someone else will fix them.',
  'Trust is slow to build and quick to lose, and that should weigh on us.',
  'We tend to forgive ourselves for what we would condemn in others.',
  'Whoever holds more power should also carry more of the responsibility.',
  'Good intentions do not excuse us from looking at the results.',
  'Sometimes the honest answer is that two good things pull in opposite directions.',
  'Doing nothing is also a choice, with consequences of its own.',
  'The long run matters, but people live in the short run.',
  'Privacy is not about having something to hide; it is about being trusted.',
  'A community is measured by how it treats the people it does not need.',
  'Being kind and being right are not always the same thing.',
];
const closings = [
  'So my answer is a cautious yes, with conditions.',
  'In the end I would say no, but I respect the other side.',
  'I do not have a clean answer, only a direction I would lean.',
  'That is where I land today, and I would like to hear where others do.',
  'Maybe the better question is who should be asked first.',
  'I would want to be judged by the same standard I apply here.',
];

/** An answer of spread length: a line or two for most, a long reflection for some. */
export const answerText = (random: Random): string => {
  const length = random.chance(0.5)
    ? random.int(0, 1)
    : random.chance(0.7)
      ? random.int(2, 4)
      : random.int(5, 12);
  const parts = [random.pick(openings), ...Array.from({ length }, () => random.pick(middles))];
  if (random.chance(0.6)) parts.push(random.pick(closings));
  return parts.join(' ');
};

const replies = [
  'I had not thought about it from that side. Thank you.',
  'I agree with most of this, but not the last part.',
  'This is exactly what I was trying to say, only clearer.',
  'What would change your mind here?',
  'I see it differently, but this is well argued.',
  'The point about trust really stayed with me.',
];

export const replyText = (random: Random): string => random.pick(replies);
