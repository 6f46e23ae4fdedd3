import type { SubmissionQuestionDto } from '../../../../domain/contracts/contributions';

/**
 * What became of the question, said as it stands now (the spec's line only when it is today's);
 * `dayText` writes a product day as the page writes dates.
 */
export const usedAs = (
  { id, status, day }: SubmissionQuestionDto,
  dayText: (day: string) => string,
): string => {
  const converted = `This submission was converted to Question #${id}`;
  switch (status) {
    case 'active':
      return `${converted} and is now active.`;
    case 'scheduled':
      return `${converted}, scheduled for ${dayText(day!)}.`;
    case 'draft':
      return `${converted}, a draft not scheduled yet.`;
    case 'archived':
      return `${converted}, asked on ${dayText(day!)}.`;
    case 'deleted':
      return `${converted}, which was deleted before it was asked.`;
  }
};
