/** The local record of answers: {questionId, date} entries, so a revisit today goes straight to the responses. */
const LOCAL_RESPONSES_KEY = 'boon-responses';
type LocalResponse = { id: string; questionId: number; date: string };

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
  answeredToday: (questionId: number) =>
    readRecords().some(
      (r) =>
        r.questionId === questionId &&
        new Date(r.date).toDateString() === new Date().toDateString(),
    ),
  add: (record: LocalResponse) =>
    writeRecords([...readRecords().filter((r) => r.id !== record.id), record]),
  forget: (questionId: number) =>
    writeRecords(readRecords().filter((r) => r.questionId !== questionId)),
};
