import { spectrumSide as sideOf, type SpectrumSide } from '../contracts/spectrum';

/** Length labels of the shared-perspectives panel: under 100 characters Concise, under 300 Thoughtful. */
export const LENGTH_LABELS = ['Concise', 'Thoughtful', 'In-depth'] as const;
export type LengthLabel = (typeof LENGTH_LABELS)[number];

export const lengthLabel = (content: string): LengthLabel =>
  content.length < 100 ? 'Concise' : content.length < 300 ? 'Thoughtful' : 'In-depth';

export type PairCandidate = { content: string; spectrumPosition: number | null };

/**
 * What pairing looks at in a response: its length label, and its side ('unplaced' when its
 * author placed themselves nowhere; a placement falls in the thirds `contracts/spectrum` defines).
 */
export type ResponseKind = { label: LengthLabel; side: SpectrumSide | 'unplaced' };

export const kindOf = (response: PairCandidate): ResponseKind => ({
  label: lengthLabel(response.content),
  side: response.spectrumPosition === null ? 'unplaced' : sideOf(response.spectrumPosition),
});

const placedApart = (a: ResponseKind, b: ResponseKind) =>
  a.side !== 'unplaced' && b.side !== 'unplaced' && a.side !== b.side;

/** Two kinds of response contrast when their lengths differ, or both are placed on different sides. */
export const kindsContrast = (a: ResponseKind, b: ResponseKind) =>
  a.label !== b.label || placedApart(a, b);

/** Why two responses make a contrasting pair, or null when they do not. */
export const contrastBetween = (a: PairCandidate, b: PairCandidate): string | null => {
  const [kindA, kindB] = [kindOf(a), kindOf(b)];
  if (!kindsContrast(kindA, kindB)) return null;
  if (placedApart(kindA, kindB)) {
    return `Two people who place themselves differently (${kindA.side} and ${kindB.side}) on the same question.`;
  }
  const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
  const [first, second] = [kindA.label.toLowerCase(), kindB.label.toLowerCase()];
  const sentence = `${article(first)} ${first} take beside ${article(second)} ${second} one: brevity and depth side by side.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
};
