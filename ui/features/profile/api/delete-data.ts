import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteDataResult } from '../../../../domain/contracts/privacy';
import { api } from '../../../lib/api-client';
import { startFreshDevice } from '../../../lib/device-identity';
import { dropLocalSubscription } from '../../../lib/push-device';
import { storeSession } from '../../../lib/session';

const eraseMyData = () =>
  api<DeleteDataResult>('/api/user/data', { method: 'DELETE', body: { confirm: true } });

/**
 * "Delete my data": once the server erased the person, this browser keeps nothing of them
 * either: the session ends, the device starts afresh, and no cached answer is shown again.
 */
export const useDeleteMyData = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: eraseMyData,
    onSuccess: () => {
      storeSession(null);
      startFreshDevice();
      client.clear();
      void dropLocalSubscription().catch(() => undefined);
    },
  });
};
