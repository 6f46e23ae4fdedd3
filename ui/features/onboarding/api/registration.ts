import type { GeneratePseudonymsDto } from '../../../../domain/contracts/identity';
import { pseudonymsMadeUnseen } from '../../../../domain/identity/pseudonym-words';
import { api } from '../../../lib/api-client';

export const generatePseudonyms = () =>
  api<GeneratePseudonymsDto>('/api/user/generate-pseudonyms', { method: 'POST', body: {} });

export {
  fetchOwnPseudonym as fetchDevicePseudonym,
  isUnreachable,
  registerDevice,
  rememberRegistration,
} from '../../../lib/registration';

const cryptoRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/**
 * When the server cannot offer names: three made here, numbered, since nothing here knows
 * which plain adjective + noun pairs are already someone's.
 */
export const localPseudonyms = (): string[] => pseudonymsMadeUnseen(3, cryptoRandom);
