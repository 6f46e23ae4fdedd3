import type { OpinionGroupId } from '../../../../domain/contracts/opinions';

/** Recharts' built-in symbols: a group is told by its shape as well as its colour. */
export type GroupShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'star' | 'cross';

const styles: Record<OpinionGroupId, { colour: string; shape: GroupShape }> = {
  A: { colour: 'var(--color-group-a)', shape: 'circle' },
  B: { colour: 'var(--color-group-b)', shape: 'square' },
  C: { colour: 'var(--color-group-c)', shape: 'triangle' },
  D: { colour: 'var(--color-group-d)', shape: 'diamond' },
  E: { colour: 'var(--color-group-e)', shape: 'star' },
};

/** People in no shown group (too small a group to show): grey crosses. */
const ungrouped = { colour: 'var(--color-line-strong)', shape: 'cross' as const };

export const groupStyle = (group: OpinionGroupId | null) => (group ? styles[group] : ungrouped);
