import type { DilemmaTree } from '../tree';
import { bankArchetypes, type Archetype } from './archetypes';
import { toTree } from './build';
import { firstWeek } from './dilemmas-first-week';
import { secondWeek } from './dilemmas-second-week';

export { bankArchetypes, type Archetype };

/** Every dilemma tree the bank holds, in the order days take them. */
export const miniBank: readonly DilemmaTree[] = [...firstWeek, ...secondWeek].map(toTree);

export const bankArchetype = (id: string): Archetype | null =>
  bankArchetypes.find((a) => a.id === id) ?? null;

/**
 * The bank dilemma for a day with no scheduled one: the first never used; once all were used,
 * the one used longest ago. Deterministic, so every process proposes the same one.
 * `lastUsed` maps a dilemma's id to the last product day it ran (`YYYY-MM-DD`, which sorts as
 * dates do).
 */
export const nextBankDilemma = (
  bank: readonly DilemmaTree[],
  lastUsed: ReadonlyMap<string, string>,
): DilemmaTree => {
  if (bank.length === 0) throw new Error('The dilemma bank is empty');
  const unused = bank.find((d) => !lastUsed.has(d.dilemmaId));
  if (unused) return unused;
  return [...bank].sort((a, b) =>
    lastUsed.get(a.dilemmaId)! < lastUsed.get(b.dilemmaId)! ? -1 : 1,
  )[0]!;
};
