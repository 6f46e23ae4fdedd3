import WebSocket from 'ws';
import type { ServerMessage } from '../../domain/contracts/live';
import { newDeviceId } from './test-app';

export type LiveIdentity = { deviceId?: string; accessToken?: string; adminToken?: string };

/** A person's side of a running server: JSON calls as a device, and sockets that subscribe. */
export const liveClient = (baseUrl: () => string) => {
  /** `position`: read what was written up to there (`X-Min-Position`). */
  const call = async (path: string, deviceId: string, body?: unknown, position?: string) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Device-ID': deviceId,
        ...(position ? { 'X-Min-Position': position } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  /** A new device with a pseudonym, consent given. */
  const register = async () => {
    const deviceId = newDeviceId();
    const { body } = await call('/api/user/generate-pseudonyms', deviceId, {});
    const setup = await call('/api/user/setup', deviceId, {
      pseudonym: body.pseudonyms[0],
      privacyConsent: true,
      termsConsent: true,
    });
    if (setup.status !== 201) throw new Error(`setup answered ${setup.status}`);
    return deviceId;
  };

  /** A socket that identifies itself, then subscribes; resolves with the server's answer. */
  const connect = (topics: string[], identity: LiveIdentity = {}) =>
    new Promise<{ socket: WebSocket; messages: ServerMessage[]; subscribed: ServerMessage }>(
      (resolve, reject) => {
        const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`);
        const messages: ServerMessage[] = [];
        socket.on('message', (raw) => {
          const message = JSON.parse(raw.toString()) as ServerMessage;
          messages.push(message);
          if (message.type === 'identified') {
            socket.send(JSON.stringify({ type: 'subscribe', topics }));
          }
          if (message.type === 'subscribed') resolve({ socket, messages, subscribed: message });
        });
        socket.on('open', () => socket.send(JSON.stringify({ type: 'identify', ...identity })));
        socket.on('error', reject);
      },
    );

  return { call, register, connect };
};
