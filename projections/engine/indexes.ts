import type { ReadStore } from '../../infra/read-store/read-store';
import { physicalName, type Projection } from './define';

/** Declares every index a projection's queries need on one generation of its collections. */
export const ensureProjectionIndexes = async (
  readStore: ReadStore,
  projection: Projection,
  generation: number,
  options: { whenQueried?: boolean } = {},
) => {
  for (const [logical, spec] of Object.entries(projection.collections)) {
    await readStore.ensureIndexes(physicalName(logical, generation), spec.indexes, options);
  }
};
