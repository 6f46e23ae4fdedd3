// V8's heap limit for a Boon process. The embedded read store keeps its read models in memory
// (about 1.9 GiB of heap per million events of a typical history), and a rebuild of every
// projection holds the new generation beside the one serving reads: Node's default limit
// (at most 4 GiB) would end such a process on a machine with room to spare. Three quarters
// of the memory the process may use (its cgroup's limit where it has one), unless
// NODE_OPTIONS already sets a limit.
import { totalmem } from 'node:os';

export const heapFlags = () => {
  if (/--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '')) return [];
  const available = Math.min(totalmem(), process.constrainedMemory?.() || Infinity);
  const mib = Math.floor((available / 2 ** 20) * 0.75);
  return mib > 4096 ? [`--max-old-space-size=${mib}`] : [];
};
