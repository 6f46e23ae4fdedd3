import { agreementTopic } from '../domain/identity/agreements';
import type { AgreementType } from '../domain/identity/events';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/**
 * `_id` is the person's id (a pseudonym's or an account's): their latest decision on each
 * published agreement (`privacy@1.0`, `terms@1.0`), which every device they use reads.
 */
export type ConsentDoc = Doc & { latest: Record<string, { type: AgreementType; at: string }> };

/** Each person's consent, as v2 records it on them (v1 decisions, kept per device, are not). */
export const consentProjection = projection({
  name: 'consent',
  version: 1,
  collections: { consent_people: collection<ConsentDoc>() },
  on: {
    AgreementRecorded: async ({ data }, db) => {
      if (data.personId === null) return;
      const doc = (await db.consent_people.findOne({ _id: data.personId })) ?? {
        _id: data.personId,
        latest: {},
      };
      const topic = agreementTopic(data.agreementType, data.agreementVersion);
      await db.consent_people.upsertOne({
        ...doc,
        latest: { ...doc.latest, [topic]: { type: data.agreementType, at: data.at } },
      });
    },
    PersonErased: async ({ data }, db) => {
      await db.consent_people.deleteOne({ _id: data.personId });
    },
  },
});
