import type { ReadStore, UnitOfWork } from '../../infra/read-store/read-store';

/**
 * How many /ws sockets each client address holds, over every process: one document per
 * process and address in the read store, with the count this process holds and an expiry it
 * keeps pushing forward. A process's own counts live in memory (they are exact for it); the
 * documents tell the other processes. A process that dies stops renewing, and its documents
 * lapse. Nothing in them is an address: the key is a keyed hash of it.
 */
export const ADDRESS_SOCKETS_COLLECTION = 'live_address_sockets';

type Admission = {
  addressKey: string;
  limit: number;
  resolve: (admitted: boolean) => void;
  reject: (error: unknown) => void;
};

type AddressSocketsDoc = {
  _id: string;
  processId: string;
  addressKey: string;
  count: number;
  /** Epoch milliseconds; the count holds until then unless renewed. */
  expiresAt: number;
};

export type AddressSockets = {
  /** Creates the collection's indexes (idempotent). */
  prepare(): Promise<void>;
  /**
   * Counts one more socket of `addressKey` on this process unless the address already holds
   * `limit` over every process; false when refused (nothing counted then).
   */
  admit(addressKey: string, limit: number): Promise<boolean>;
  /** One socket of `addressKey` closed; the others learn of it at the next flush. */
  release(addressKey: string): void;
  /** Writes the counts that went down since the last flush. */
  flush(): Promise<void>;
  /** Pushes back the expiry of every count this process holds, and sweeps what lapsed. */
  renew(): Promise<void>;
  /** This process holds nothing any more (a clean shutdown). */
  leaveAll(): Promise<void>;
};

export const addressSockets = (
  store: ReadStore,
  options: { processId: string; ttlMs: number; now: () => number },
): AddressSockets => {
  const { processId } = options;
  /** Sockets of each address on this process, counted before the store is asked. */
  const local = new Map<string, number>();
  /** Addresses whose count went down and is not yet written. */
  const lowered = new Set<string>();
  const docs = (tx: UnitOfWork) => tx.collection<AddressSocketsDoc>(ADDRESS_SOCKETS_COLLECTION);
  const idOf = (addressKey: string) => `${processId}:${addressKey}`;

  const publish = async (tx: UnitOfWork, addressKey: string) => {
    const count = local.get(addressKey) ?? 0;
    if (count === 0) {
      await docs(tx).deleteOne({ _id: idOf(addressKey) });
      return;
    }
    await docs(tx).upsertOne({
      _id: idOf(addressKey),
      processId,
      addressKey,
      count,
      expiresAt: options.now() + options.ttlMs,
    });
  };

  const change = (addressKey: string, by: number) => {
    const count = (local.get(addressKey) ?? 0) + by;
    if (count > 0) local.set(addressKey, count);
    else local.delete(addressKey);
  };

  /** Admissions asked for in one turn of the event loop, decided in one unit of work. */
  let waiting: Admission[] = [];
  const admitWaiting = async () => {
    const batch = waiting;
    waiting = [];
    const byAddress = new Map<string, Admission[]>();
    for (const admission of batch) {
      const asking = byAddress.get(admission.addressKey);
      if (asking) asking.push(admission);
      else byAddress.set(admission.addressKey, [admission]);
    }
    // Refused admissions leave the local count before the count is published; a unit that fails
    // (or is tried again) must not take them off twice.
    const uncounted = new Set<Admission>();
    try {
      const admitted = await store.transaction(async (tx) => {
        const decided = new Set<Admission>();
        for (const [addressKey, asking] of byAddress) {
          const elsewhere = await docs(tx).find({
            addressKey,
            expiresAt: { $gt: options.now() },
          });
          const others = elsewhere
            .filter((doc) => doc.processId !== processId)
            .reduce((sum, doc) => sum + doc.count, 0);
          const counted = asking.filter((admission) => !uncounted.has(admission)).length;
          const holding = (local.get(addressKey) ?? 0) - counted;
          const room = Math.max(0, asking[0]!.limit - others - holding);
          for (const admission of asking.slice(0, room)) decided.add(admission);
          for (const admission of asking.slice(room)) {
            if (uncounted.has(admission)) continue;
            uncounted.add(admission);
            change(addressKey, -1);
          }
          await publish(tx, addressKey);
        }
        return decided;
      });
      for (const admission of batch) admission.resolve(admitted.has(admission));
    } catch (error) {
      for (const admission of batch) {
        if (!uncounted.has(admission)) change(admission.addressKey, -1);
        admission.reject(error);
      }
    }
  };

  return {
    prepare: () =>
      store.ensureIndexes(ADDRESS_SOCKETS_COLLECTION, [
        { key: { addressKey: 1, expiresAt: 1 } },
        { key: { processId: 1 } },
        { key: { expiresAt: 1 } },
      ]),
    admit: (addressKey, limit) => {
      // Counted at once: sockets of one address arriving together on this process each see
      // the others, and a flood past the limit here is refused without asking the store.
      change(addressKey, 1);
      if ((local.get(addressKey) ?? 0) > limit) {
        change(addressKey, -1);
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ addressKey, limit, resolve, reject });
        if (waiting.length === 1) setImmediate(() => void admitWaiting());
      });
    },
    release: (addressKey) => {
      change(addressKey, -1);
      lowered.add(addressKey);
    },
    flush: async () => {
      if (lowered.size === 0) return;
      const written = [...lowered];
      lowered.clear();
      await store.transaction(async (tx) => {
        for (const addressKey of written) await publish(tx, addressKey);
      });
    },
    renew: () =>
      store.transaction(async (tx) => {
        lowered.clear();
        const held = await docs(tx).find({ processId });
        for (const doc of held) {
          if (!local.has(doc.addressKey)) await docs(tx).deleteOne({ _id: doc._id });
        }
        for (const addressKey of local.keys()) await publish(tx, addressKey);
        await docs(tx).deleteMany({ expiresAt: { $lte: options.now() } });
      }),
    leaveAll: async () => {
      local.clear();
      lowered.clear();
      await store.transaction(async (tx) => {
        await docs(tx).deleteMany({ processId });
      });
    },
  };
};
