import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../api/context';
import { identifySocket } from '../../api/live/socket-identity';
import { hashDeviceId } from '../../infra/crypto';
import { newDeviceId } from '../support/test-app';

/**
 * A process whose read model of devices lags the log: the device is registered (through
 * another process) but shows here only once the identity projection reaches the head.
 */
const lagging = (options: { catchesUp: boolean }, deviceId = newDeviceId()) => {
  let caughtUp = false;
  const waits: bigint[] = [];
  const devices = {
    findOne: async (filter: { _id: string }) =>
      caughtUp && filter._id === hashDeviceId(deviceId) ? { userId: 'person-1' } : null,
  };
  const ctx = {
    readWaitMs: 50,
    events: { headPosition: async () => 42n },
    readModels: {
      of: () => ({ devices }),
      waitFor: async (position: bigint) => {
        waits.push(position);
        caughtUp = options.catchesUp;
        return options.catchesUp;
      },
    },
  } as unknown as AppContext;
  return { ctx, deviceId, waits };
};

describe('identifying a socket', () => {
  it('finds a device registered a moment ago through another process, once caught up with the log', async () => {
    const { ctx, deviceId, waits } = lagging({ catchesUp: true });
    expect(await identifySocket(ctx, { deviceId })).toMatchObject({ personId: 'person-1' });
    expect(waits).toEqual([42n]);
  });

  it('leaves the socket anonymous when the device is still unknown after the wait', async () => {
    const { ctx, deviceId } = lagging({ catchesUp: false });
    expect(await identifySocket(ctx, { deviceId })).toMatchObject({ personId: null });
  });

  it('leaves a socket anonymous whose device id is of no entropy, registered or not', async () => {
    const { ctx, deviceId, waits } = lagging({ catchesUp: true }, '__proto__'.repeat(4));
    expect(await identifySocket(ctx, { deviceId })).toMatchObject({ personId: null });
    expect(waits).toEqual([]);
  });
});
