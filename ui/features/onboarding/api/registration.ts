import type {
  DeviceRegistrationDto,
  GeneratePseudonymsDto,
  PseudonymDto,
} from '../../../../domain/contracts/identity';
import { api } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-identity';

export const generatePseudonyms = () =>
  api<GeneratePseudonymsDto>('/api/user/generate-pseudonyms', { method: 'POST', body: {} });

export const registerDevice = (pseudonym: string) =>
  api<DeviceRegistrationDto & { position: string | null }>('/api/user/setup', {
    method: 'POST',
    body: { pseudonym, privacyConsent: true, termsConsent: true, onboarded: true },
  });

export const fetchDevicePseudonym = () =>
  api<PseudonymDto>(`/api/device/${encodeURIComponent(deviceId())}/pseudonym`);

const ADJECTIVES = [
  'Amber',
  'Brave',
  'Calm',
  'Candid',
  'Clever',
  'Curious',
  'Gentle',
  'Golden',
  'Honest',
  'Humble',
  'Kind',
  'Lucid',
  'Mellow',
  'Mindful',
  'Noble',
  'Patient',
  'Quiet',
  'Radiant',
  'Serene',
  'Steady',
  'Thoughtful',
  'Vivid',
  'Wise',
  'Bright',
];
const NOUNS = [
  'Owl',
  'Heron',
  'Willow',
  'River',
  'Harbor',
  'Lantern',
  'Compass',
  'Meadow',
  'Falcon',
  'Cedar',
  'Comet',
  'Pebble',
  'Sparrow',
  'Summit',
  'Thistle',
  'Tide',
  'Voyager',
  'Wren',
  'Aspen',
  'Beacon',
  'Brook',
  'Ember',
  'Fern',
  'Grove',
];

/** When the server cannot offer names: three unique adjective + noun combinations made here. */
export const localPseudonyms = (): string[] => {
  const names = new Set<string>();
  const pick = (list: string[]) =>
    list[crypto.getRandomValues(new Uint32Array(1))[0]! % list.length]!;
  while (names.size < 3) names.add(`${pick(ADJECTIVES)} ${pick(NOUNS)}`);
  return [...names];
};
