import type { GeneratePseudonymsDto } from '../../../../domain/contracts/identity';
import { generatePseudonyms as makePseudonyms } from '../../../../domain/identity/pseudonym-words';
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

/** When the server cannot offer names: three unique adjective + noun combinations made here. */
export const localPseudonyms = (): string[] => makePseudonyms(3, () => false, cryptoRandom);
