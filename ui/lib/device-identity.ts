/** The one authoritative device id: localStorage 'boon-device-id' (≥ 128 random bits). */
const DEVICE_KEY = 'boon-device-id';
export const PSEUDONYM_KEY = 'boon-device-pseudonym';
export const REGISTERED_KEY = 'boon-device-registered';

let memoryId: string | null = null;

const randomPart = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

export const deviceId = (): string => {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = `${Date.now().toString(36)}-${randomPart()}`;
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch (error) {
    console.warn('Device storage unavailable; using a session-only id', error);
    memoryId ??= `${Date.now().toString(36)}-${randomPart()}`;
    return memoryId;
  }
};

export const readLocal = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    console.warn('Storage read failed', error);
    return null;
  }
};

export const writeLocal = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    console.warn('Storage write failed', error);
  }
};

export const WELCOME_SEEN_KEY = 'boon-pseudonym-welcome-seen';
export const DISCLOSURE_SEEN_KEY = 'boon-disclosure-seen';
