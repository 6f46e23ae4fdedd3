import type { OpinionMap } from '../../domain/opinions/opinion-map';
import { cell } from './export';

/**
 * The analyst's opinion map: what GET /api/opinions serves (no one's own place), with what
 * the screen leaves out (agreement outside each group, the share of common ground) and the
 * log position of the matrix's last change it reflects.
 */
export const opinionsExport = (
  questionId: number,
  { map, asOf }: { map: OpinionMap; asOf: number },
) => ({
  questionId,
  asOf,
  status: map.status,
  ...(map.needed !== undefined ? { needed: map.needed } : {}),
  participants: map.participants,
  groups: map.groups,
  consensus: map.consensus,
  consensusShare: map.consensusShare,
  points: map.points,
});

export type OpinionsExport = ReturnType<typeof opinionsExport>;

export const OPINIONS_CSV_COLUMNS = [
  'row',
  'questionId',
  'status',
  'participants',
  'needed',
  'consensusShare',
  'group',
  'size',
  'responseId',
  'agree',
  'agreeOutside',
  'z',
  'score',
] as const;

type Line = Partial<Record<(typeof OPINIONS_CSV_COLUMNS)[number], string | number | null>>;

/** RFC 4180 CSV: a `map` line, then each group, its representative answers, the common ground. */
export const opinionsCsv = (exported: OpinionsExport): string => {
  const { questionId } = exported;
  const lines: Line[] = [
    {
      row: 'map',
      questionId,
      status: exported.status,
      participants: exported.participants,
      needed: exported.needed ?? null,
      consensusShare: exported.consensusShare,
    },
    ...exported.groups.flatMap((group): Line[] => [
      { row: 'group', questionId, group: group.id, size: group.size },
      ...group.representative.map((r): Line => ({
        row: 'representative',
        questionId,
        group: group.id,
        ...r,
      })),
    ]),
    ...exported.consensus.map((c): Line => ({ row: 'consensus', questionId, ...c })),
  ];
  const text = [
    OPINIONS_CSV_COLUMNS.join(','),
    ...lines.map((line) =>
      OPINIONS_CSV_COLUMNS.map((column) => cell(line[column] ?? null)).join(','),
    ),
  ];
  return `${text.join('\r\n')}\r\n`;
};
