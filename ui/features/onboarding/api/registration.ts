import type {
  DeviceRegistrationDto,
  GeneratePseudonymsDto,
} from '../../../../domain/contracts/identity';
import { api } from '../../../lib/api-client';
import { generatePseudonyms as makePseudonyms } from '../../../../domain/identity/pseudonym-words';

export const generatePseudonyms = () =>
  api<GeneratePseudonymsDto>('/api/user/generate-pseudonyms', { method: 'POST', body: {} });

export const registerDevice = (pseudonym: string) =>
  api<DeviceRegistrationDto & { position: string | null }>('/api/user/setup', {
    method: 'POST',
    body: { pseudonym, privacyConsent: true, termsConsent: true, onboarded: true },
  });

export { fetchOwnPseudonym as fetchDevicePseudonym } from '../../../lib/registration';

const cryptoRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/** When the server cannot offer names: three unique adjective + noun combinations made here. */
export const localPseudonyms = (): string[] => makePseudonyms(3, () => false, cryptoRandom);
