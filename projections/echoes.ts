import type { EchoGivenData, EchoWithdrawnData } from '../domain/echoes/events';
import type { Doc } from '../infra/read-store/read-store';
import type { Projection } from './projection';

/** `_id` is `${actorId}:${responseId}`: whether that actor currently echoes that response. */
export type EchoStatusDoc = Doc & { actorId: string; responseId: string };
/** `_id` is `${actorId}:${day}`: echoes given that product day (withdrawals do not give them back). */
export type EchoDayDoc = Doc & { actorId: string; day: string; given: number };

export const echoStatusId = (actorId: string, responseId: string) => `${actorId}:${responseId}`;
export const echoDayId = (actorId: string, day: string) => `${actorId}:${day}`;

export const echoesProjection: Projection = {
  name: 'echoes',
  version: 1,
  collections: ['echo_status', 'echo_days'],
  handles: ['EchoGiven', 'EchoWithdrawn'],
  async apply(event, context) {
    const status = context.collection<EchoStatusDoc>('echo_status');
    if (event.type === 'EchoGiven') {
      const data = event.data as EchoGivenData;
      await status.upsertOne({
        _id: echoStatusId(data.actorId, data.responseId),
        actorId: data.actorId,
        responseId: data.responseId,
      });
      await context
        .collection<EchoDayDoc>('echo_days')
        .updateOne(
          { _id: echoDayId(data.actorId, data.day) },
          { $inc: { given: 1 }, $set: { actorId: data.actorId, day: data.day } },
          { upsert: true },
        );
    } else {
      const data = event.data as EchoWithdrawnData;
      await status.deleteOne({ _id: echoStatusId(data.actorId, data.responseId) });
    }
  },
};
