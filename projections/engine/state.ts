import type { Doc } from '../../infra/read-store/read-store';

/** Where every projection and reactor keeps its standing, one document each. */
export const STATE_COLLECTION = 'projection_state';

export type StateDoc = Doc & {
  generation: number;
  checkpoint: string | null;
  version: number;
  updatedAt: string;
  /** The last failure, for every process's status; cleared by the next successful commit. */
  lastError?: string;
};

/** `_id` of the state of a build under way: the generation it fills and how far it came. */
export const buildStateId = (projection: string) => `${projection}#rebuild`;
