import { atom } from 'jotai';
import type { ReportTarget } from '../../domain/contracts/reports';

/**
 * A member asked to report something: answers, replies and chat messages live in features of
 * their own, and the one report dialog (`features/reports`, mounted in the layout) answers
 * them all. `what` names the item in the dialog ("the answer by Calm Owl"); focus goes back
 * to `opener` when the dialog closes.
 */
export type ReportRequest = { target: ReportTarget; what: string; opener: HTMLElement | null };

export const reportRequestAtom = atom<ReportRequest | null>(null);

/** Items reported from this page (their buttons then say so): `kind-id`. */
export const reportedAtom = atom<ReadonlySet<string>>(new Set<string>());

export const reportKey = (target: ReportTarget) => `${target.kind}-${target.id}`;
