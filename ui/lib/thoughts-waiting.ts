/** 12,345 as en-US writes it, without building an ICU formatter on Home (see ./date-format.ts). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '12 thoughts are waiting for yours'; today's question with none yet invites the first. */
export const waitingText = (count: number, today: boolean): string | null => {
  if (count === 1) return '1 thought is waiting for yours';
  if (count > 1) return `${grouped(count)} thoughts are waiting for yours`;
  return today ? 'Be the first to share a thought today' : null;
};
