import { readLineOfText } from '../shared/text';

/**
 * A custom reminder's title: one line of free text under the rule every free text follows,
 * normalised and trimmed, with what is wrong with it said after the field's name.
 */
export const readReminderTitle = (value: string): { text: string; problem: string | null } => {
  const { text, fault, problem } = readLineOfText(value);
  if (fault === 'nothing-visible') return { text, problem: 'title is required' };
  return { text, problem: problem === null ? null : `title ${problem}` };
};
