import { forgetOfflineData } from './offline/forget';

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

/**
 * OWASP's "device cookie" for sign-in (members) and admin login: proof that this browser got
 * in before, so guessing at the account from elsewhere never locks it out here. It belongs to
 * the browser, not to the identity: it survives sign-out.
 */
export const KNOWN_BROWSER_KEY = 'boon-known-browser';
export const ADMIN_KNOWN_BROWSER_KEY = 'boon-known-browser-admin';

/** What belongs to the browser rather than to whoever used it: kept when the device starts afresh. */
const BROWSER_KEY_PREFIXES = ['boon-consent', 'boon-theme', 'boon-known-browser'];

/**
 * After sign-out (and erasure) the browser is a fresh anonymous device: a new device id, and
 * nothing kept of the identity it acted as (pseudonym, registration, local record of answers,
 * welcome flags, what was kept for offline). Consent, theme and known-browser tokens stay.
 */
export const startFreshDevice = () => {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key?.startsWith('boon-') && !BROWSER_KEY_PREFIXES.some((p) => key.startsWith(p))) {
        localStorage.removeItem(key);
      }
    }
  } catch (error) {
    console.warn('Device storage unavailable; starting a session-only device', error);
  }
  memoryId = null;
  deviceId();
  // Nor anything kept for offline: the reads it saw, the writes it left waiting.
  void forgetOfflineData();
};
