/**
 * The local record of answers: {questionId, day} entries, so a revisit today goes straight to
 * the responses. `day` is the product day the question was asked for (the server's rule, not the
 * browser's calendar: a day starts at the configured hour in the configured zone).
 */
const LOCAL_RESPONSES_KEY = 'boon-responses';
type LocalResponse = { id: string; questionId: number; day: string };

const readRecords = (): LocalResponse[] => {
  try {
    return JSON.parse(localStorage.getItem(LOCAL_RESPONSES_KEY) ?? '[]') as LocalResponse[];
  } catch {
    return [];
  }
};
const writeRecords = (records: LocalResponse[]) => {
  try {
    localStorage.setItem(LOCAL_RESPONSES_KEY, JSON.stringify(records));
  } catch (error) {
    console.warn('Storage write failed', error);
  }
};

export const localRecords = {
  /** Whether this browser answered `question` on the product day it is the question for. */
  answeredToday: (question: { id: number; dateAdded: string }) =>
    readRecords().some((r) => r.questionId === question.id && r.day === question.dateAdded),
  add: (record: LocalResponse) =>
    writeRecords([...readRecords().filter((r) => r.id !== record.id), record]),
  forget: (questionId: number) =>
    writeRecords(readRecords().filter((r) => r.questionId !== questionId)),
};
