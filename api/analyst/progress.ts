import type { ReplayProgress } from './replay';

type Output = { isTTY?: boolean; write(text: string): unknown };

const WIDTH = 30;

/**
 * Shows a replay's progress on `out` (stderr): a bar redrawn in place on a terminal, else a
 * plain line at every tenth, so a log file gets a few lines and no control characters.
 */
export const progressReporter = (out: Output) => {
  let shown = -1;
  return {
    update: ({ done, total }: ReplayProgress) => {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (out.isTTY) {
        if (percent === shown) return;
        const filled = Math.round((percent / 100) * WIDTH);
        out.write(
          `\rreplaying the log [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}% ` +
            `${done.toLocaleString('en')}/${total.toLocaleString('en')} events`,
        );
      } else {
        const tenth = Math.floor(percent / 10) * 10;
        if (tenth === shown) return;
        out.write(`replaying the log: ${tenth}% (${done.toLocaleString('en')} events)\n`);
        shown = tenth;
        return;
      }
      shown = percent;
    },
    done: () => {
      if (out.isTTY && shown >= 0) out.write('\n');
    },
  };
};
