import type { GeneratePseudonymsDto } from '../../../../domain/contracts/identity';
import { pseudonymKey, pseudonymsMadeUnseen } from '../../../../domain/identity/pseudonym-words';
import { api, ApiError } from '../../../lib/api-client';

export const generatePseudonyms = () =>
  api<GeneratePseudonymsDto>('/api/user/generate-pseudonyms', { method: 'POST', body: {} });

export {
  fetchOwnPseudonym as fetchDevicePseudonym,
  isUnreachable,
  registerDevice,
  rememberRegistration,
} from '../../../lib/registration';

const cryptoRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/** When the server cannot offer names: three plain adjective + noun pairs made here. */
export const localPseudonyms = (): string[] => pseudonymsMadeUnseen(3, cryptoRandom);

/** The server's answer when someone else holds the name (not this device's own registration). */
export const isPseudonymTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.problem?.title === 'Pseudonym taken';

/**
 * One name to offer in place of a taken one, none of `besides` (those shown and those found
 * taken): the server's offer when it makes one, else a pair made here; null when neither has one.
 */
export const pseudonymInstead = async (besides: readonly string[]): Promise<string | null> => {
  const avoided = new Set(besides.map(pseudonymKey));
  try {
    const offered = (await generatePseudonyms()).pseudonyms;
    const fresh = offered.find((name) => !avoided.has(pseudonymKey(name)));
    if (fresh) return fresh;
  } catch {
    // Out of reach or refusing: a pair made here stands in, as for the first three.
  }
  return pseudonymsMadeUnseen(1, cryptoRandom, besides)[0] ?? null;
};
