import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/** `_id` is `${actorId}:${responseId}`: whether that actor currently echoes that response. */
export type EchoStatusDoc = Doc & { actorId: string; responseId: string };
/** `_id` is `${actorId}:${day}`: echoes given that product day (withdrawals do not give them back). */
export type EchoDayDoc = Doc & { actorId: string; day: string; given: number };

export const echoStatusId = (actorId: string, responseId: string) => `${actorId}:${responseId}`;
export const echoDayId = (actorId: string, day: string) => `${actorId}:${day}`;

export const echoesProjection = projection({
  name: 'echoes',
  version: 2,
  collections: {
    echo_status: collection<EchoStatusDoc>({ key: { actorId: 1, responseId: 1 } }),
    echo_days: collection<EchoDayDoc>({ key: { actorId: 1 } }),
  },
  on: {
    EchoGiven: async ({ data }, db) => {
      await db.echo_status.upsertOne({
        _id: echoStatusId(data.actorId, data.responseId),
        actorId: data.actorId,
        responseId: data.responseId,
      });
      await db.echo_days.updateOne(
        { _id: echoDayId(data.actorId, data.day) },
        { $inc: { given: 1 }, $set: { actorId: data.actorId, day: data.day } },
        { upsert: true },
      );
    },
    EchoWithdrawn: async ({ data }, db) => {
      await db.echo_status.deleteOne({ _id: echoStatusId(data.actorId, data.responseId) });
    },
    PersonErased: async ({ data }, db) => {
      await db.echo_status.deleteMany({ actorId: data.personId });
      await db.echo_days.deleteMany({ actorId: data.personId });
    },
  },
});
