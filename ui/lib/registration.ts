import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DeviceRegistrationDto, PseudonymDto } from '../../domain/contracts/identity';
import { api, ApiError } from './api-client';
import { confirmAccount } from './auth-api';
import { sendPendingConsent } from './consent';
import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY, writeLocal } from './device-identity';
import { currentSession } from './session';

/** Set when the server could not be reached at setup: the pseudonym waits here to be sent. */
export const REGISTRATION_FALLBACK_KEY = 'boon-registration-fallback';

/** `me`: the device id is a bearer secret, so it travels in X-Device-ID, never in a path. */
export const fetchOwnPseudonym = () => api<PseudonymDto>('/api/device/me/pseudonym');

export const registerDevice = (pseudonym: string) =>
  api<DeviceRegistrationDto & { position: string | null }>('/api/user/setup', {
    method: 'POST',
    body: { pseudonym, privacyConsent: true, termsConsent: true, onboarded: true },
  });

/** Network failures and server-side faults, as opposed to the server saying no. */
export const isUnreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500;

/** Notes the device's registration; once the server has it, a consent decision kept here is sent. */
export const rememberRegistration = (pseudonym: string, fallback: boolean) => {
  writeLocal(PSEUDONYM_KEY, pseudonym);
  writeLocal(REGISTERED_KEY, 'true');
  writeLocal(REGISTRATION_FALLBACK_KEY, fallback ? 'true' : null);
  if (!fallback) void sendPendingConsent();
};

const forgetRegistration = () => {
  writeLocal(PSEUDONYM_KEY, null);
  writeLocal(REGISTERED_KEY, null);
  writeLocal(REGISTRATION_FALLBACK_KEY, null);
};

/**
 * Sends a pseudonym kept locally while the server was unreachable. Answers 'taken' when
 * someone else got the name meanwhile; the person then chooses again.
 */
export const syncFallbackRegistration = async (): Promise<'synced' | 'pending' | 'taken'> => {
  const pseudonym = readLocal(PSEUDONYM_KEY);
  if (readLocal(REGISTRATION_FALLBACK_KEY) !== 'true' || !pseudonym) return 'synced';
  try {
    await registerDevice(pseudonym);
  } catch (error) {
    if (isUnreachable(error)) return 'pending';
    forgetRegistration();
    return 'taken';
  }
  writeLocal(REGISTRATION_FALLBACK_KEY, null);
  void sendPendingConsent();
  const session = currentSession();
  if (session && !session.user.user_metadata.confirmed) {
    await confirmAccount(pseudonym).catch((error: unknown) =>
      console.warn('Account not confirmed yet', error),
    );
  }
  return 'synced';
};

/**
 * Taking part needs a pseudonym: a device the server does not know (404) is sent to setup.
 * A device registered here is trusted without a call (a pending fallback registration is
 * sent now); other failures leave the page alone.
 */
export const useRequireRegistration = () => {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    if (readLocal(REGISTERED_KEY) === 'true' && readLocal(PSEUDONYM_KEY)) {
      void syncFallbackRegistration().then((result) => {
        if (!cancelled && result === 'taken') navigate('/setup', { replace: true });
      });
      return () => {
        cancelled = true;
      };
    }
    fetchOwnPseudonym().then(
      ({ pseudonym }) => rememberRegistration(pseudonym, false),
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
