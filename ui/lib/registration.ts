import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PseudonymDto } from '../../domain/contracts/identity';
import { api, ApiError } from './api-client';
import { deviceId, PSEUDONYM_KEY, readLocal, REGISTERED_KEY, writeLocal } from './device-identity';

export const fetchOwnPseudonym = () =>
  api<PseudonymDto>(`/api/device/${encodeURIComponent(deviceId())}/pseudonym`);

/**
 * Taking part needs a pseudonym: a device the server does not know (404) is sent to setup.
 * A device registered here is trusted without a call; other failures leave the page alone.
 */
export const useRequireRegistration = () => {
  const navigate = useNavigate();
  useEffect(() => {
    if (readLocal(REGISTERED_KEY) === 'true' && readLocal(PSEUDONYM_KEY)) return;
    let cancelled = false;
    fetchOwnPseudonym().then(
      ({ pseudonym }) => {
        writeLocal(PSEUDONYM_KEY, pseudonym);
        writeLocal(REGISTERED_KEY, 'true');
      },
      (error: unknown) => {
        if (!cancelled && error instanceof ApiError && error.status === 404) {
          navigate('/setup', { replace: true });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate]);
};
