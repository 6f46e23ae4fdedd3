import { newDeviceId } from './test-app';

/** One request as a browser makes it; like a browser, tries again while told to wait (503). */
export const call = async (
  base: string,
  path: string,
  deviceId: string,
  body?: unknown,
  after?: bigint,
  options: { timeoutMs?: number; retryUnavailable?: boolean } = {},
) => {
  for (;;) {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Device-ID': deviceId,
        ...(after === undefined ? {} : { 'X-Min-Position': String(after) }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    });
    if (res.status === 503 && options.retryUnavailable !== false) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
};

/** A new person with a pseudonym, on a device of their own. */
export const register = async (base: string) => {
  for (;;) {
    const deviceId = newDeviceId();
    const offers = await call(base, '/api/user/generate-pseudonyms', deviceId, {});
    const setup = await call(base, '/api/user/setup', deviceId, {
      pseudonym: offers.body.pseudonyms[0],
      privacyConsent: true,
      termsConsent: true,
    });
    if (setup.status === 201) return deviceId;
    if (setup.status !== 409) throw new Error(`setup: ${setup.status}`);
  }
};
