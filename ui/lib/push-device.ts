import type { PushPublicKeyDto, PushSubscriptionBody } from '../../domain/contracts/notifications';
import { api } from './api-client';

/**
 * This browser's Web Push subscription: whether it can have one, and making or ending it with
 * the server. Nothing here asks the browser for permission by itself: only a person's press
 * (after turning a reminder on, or asking for reply notifications) does.
 */
export type PushState =
  /** No Push API, or no service worker to receive pushes. */
  | 'unsupported'
  /** The person blocked notifications for Boon in the browser. */
  | 'denied'
  | 'off'
  | 'on';

const registration = async () => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (typeof window === 'undefined' || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
};

export const pushState = async (): Promise<PushState> => {
  const worker = await registration();
  if (!worker || typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await worker.pushManager.getSubscription()) ? 'on' : 'off';
};

/** The application server key as the Push API takes it (base64url to bytes). */
export const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** Asks for permission, subscribes with Boon's key, and tells the server. */
export const subscribeThisDevice = async (): Promise<PushState> => {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await api<PushPublicKeyDto>('/api/push/public-key');
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await api('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionBody,
  });
  return 'on';
};

/** Ends this browser's subscription, with the server first (so nothing more is sent to it). */
export const unsubscribeThisDevice = async (): Promise<PushState> => {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await api('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return 'off';
};

/** Forgets this browser's subscription here only (its person's data is gone from the server). */
export const dropLocalSubscription = async () => {
  await (await (await registration())?.pushManager.getSubscription())?.unsubscribe();
};
