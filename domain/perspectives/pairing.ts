import { spectrumSide as sideOf, type SpectrumSide } from '../contracts/spectrum';

/** Length labels of the shared-perspectives panel: under 100 characters Concise, under 300 Thoughtful. */
export const LENGTH_LABELS = ['Concise', 'Thoughtful', 'In-depth'] as const;
export type LengthLabel = (typeof LENGTH_LABELS)[number];

export const lengthLabel = (content: string): LengthLabel =>
  content.length < 100 ? 'Concise' : content.length < 300 ? 'Thoughtful' : 'In-depth';

/** The author's optional self-placement (−100…100), in the thirds `contracts/spectrum` defines. */
const placedSide = (position: number | null): SpectrumSide | null =>
  position === null ? null : sideOf(position);

export type PairCandidate = { content: string; spectrumPosition: number | null };

/** Why two responses make a contrasting pair, or null when they do not. */
export const contrastBetween = (a: PairCandidate, b: PairCandidate): string | null => {
  const [sideA, sideB] = [placedSide(a.spectrumPosition), placedSide(b.spectrumPosition)];
  if (sideA && sideB && sideA !== sideB) {
    return `Two people who place themselves differently (${sideA} and ${sideB}) on the same question.`;
  }
  const [labelA, labelB] = [lengthLabel(a.content), lengthLabel(b.content)];
  if (labelA !== labelB) {
    const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
    const [first, second] = [labelA.toLowerCase(), labelB.toLowerCase()];
    const sentence = `${article(first)} ${first} take beside ${article(second)} ${second} one: brevity and depth side by side.`;
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  return null;
};
