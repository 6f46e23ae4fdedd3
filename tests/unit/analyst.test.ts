import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { analystRequest } from '../../api/analyst/arguments';
import { exportCsv, sentimentExport } from '../../api/analyst/export';
import { progressReporter } from '../../api/analyst/progress';
import { UsageError } from '../../api/ops/cli';
import { emptyTally, newShare, withShare } from '../../domain/sentiment/tally';

describe('the analyst’s command line', () => {
  it('reads a period, a category, a format and a file', () => {
    expect(
      analystRequest([
        'sentiment',
        '--from',
        '2026-01-01',
        '--to',
        '2026-03-31',
        '--category',
        'Ethics & Morality',
        '--format',
        'json',
        '--out',
        'q1.json',
      ]),
    ).toEqual({
      query: {
        from: '2026-01-01',
        to: '2026-03-31',
        category: 'Ethics & Morality',
        format: 'json',
      },
      out: 'q1.json',
      force: false,
    });
    expect(
      analystRequest(['sentiment', '--from', '2026-01-01', '--to', '2026-01-01']),
    ).toMatchObject({ query: { format: 'csv' } });
  });

  it.each([
    [[], /unknown command \(none\)/],
    [['report', '--from', '2026-01-01', '--to', '2026-01-02'], /unknown command report/],
    [['sentiment', '--to', '2026-01-02'], /--from is required/],
    [['sentiment', '--from', '2026-01-01'], /--to is required/],
    [['sentiment', '--from', '2026-02-30', '--to', '2026-03-01'], /--from: use a date/],
    [['sentiment', '--from', '2026-01-01', '--to', 'soon'], /--to: use a date/],
    [['sentiment', '--from', '2026-03-02', '--to', '2026-03-01'], /--to: to must not be before/],
    [['sentiment', '--from', '2000-01-01', '--to', '2026-03-01'], /--to: a period covers at most/],
    [['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', '--format', 'xml'], /--format/],
    [['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', '--colour'], /--colour/],
    [['sentiment', '--from'], /--from needs a value/],
    [['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', '--force'], /--force goes with/],
    [['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', 'extra'], /unexpected argument/],
    [
      ['sentiment', '--from', '2026-01-01', '--to', '2026-01-02', '--category', 'Ethics'],
      /--category: unknown category "Ethics": one of .*"Ethics & Morality"/,
    ],
  ])('refuses %j, naming what is wrong', (argv, message) => {
    expect(() => analystRequest(argv)).toThrow(UsageError);
    expect(() => analystRequest(argv)).toThrow(message);
  });
});

describe('the replay’s progress', () => {
  const recorder = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, out: { isTTY, write: (text: string) => written.push(text) } };
  };

  it('draws a bar in place on a terminal', () => {
    const { written, out } = recorder(true);
    const progress = progressReporter(out);
    for (let done = 0; done <= 1000; done += 5) progress.update({ done, total: 1000 });
    progress.done();
    expect(written).toHaveLength(102);
    expect(written[50]).toMatch(/^\rreplaying the log \[#{15}-{15}\] {2}50% 500\/1,000 events$/);
    expect(written.at(-1)).toBe('\n');
  });

  it('writes a plain line at every tenth otherwise', () => {
    const { written, out } = recorder(false);
    const progress = progressReporter(out);
    for (let done = 0; done <= 1000; done += 5) progress.update({ done, total: 1000 });
    progress.done();
    expect(written).toHaveLength(11);
    expect(written.every((line) => !line.includes('\r') && line.endsWith('\n'))).toBe(true);
    expect(written[5]).toBe('replaying the log: 50% (500 events)\n');
  });
});

describe('the CSV export', () => {
  it('quotes what must be quoted and never starts a cell with a formula', () => {
    const question = { content: '=HYPERLINK("x"), or "y"?', category: 'Ethics & Morality' };
    const tally = withShare(
      emptyTally(4, '2026-01-02', question),
      newShare(4, '2026-01-02', 'author-1', 40),
      1,
    );
    const period = { from: '2026-01-01', to: '2026-01-02' };
    const csv = exportCsv(sentimentExport(period, null, [tally], []));
    const [row, total] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row!.questionContent).toBe(`'${question.content}`);
    expect(row!.averageSpectrum).toBe('40');
    expect(total).toMatchObject({
      row: 'total',
      from: period.from,
      to: period.to,
      responseCount: '1',
    });
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
