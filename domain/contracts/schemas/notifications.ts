import { z } from 'zod';
import {
  isNotificationKind,
  LOCK_SCREEN_CHOICES,
  MARK_READ_MAX,
  NOTIFICATION_KINDS,
} from '../notifications';

export const markReadBody = z.strictObject({
  /** The notifications to mark read; none named: every one in the inbox. */
  ids: z
    .array(
      z
        .string({ error: 'ids must be notification ids' })
        .regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids must be notification ids'),
      { error: 'ids must be a list of notification ids' },
    )
    .min(1, 'ids must name at least one notification (or leave ids out to mark all)')
    .max(MARK_READ_MAX, `ids may name at most ${MARK_READ_MAX} notifications`)
    .optional(),
});

export const notificationSettingsBody = z.strictObject({
  muted: z
    .array(
      z
        .string({ error: 'muted must be a list of kinds' })
        .refine(isNotificationKind, `muted may hold only ${NOTIFICATION_KINDS.join(', ')}`),
      { error: 'muted must be a list of kinds' },
    )
    .max(NOTIFICATION_KINDS.length, 'muted names a kind twice')
    .refine((kinds) => new Set(kinds).size === kinds.length, 'muted names a kind twice')
    .transform((kinds) => NOTIFICATION_KINDS.filter((kind) => kinds.includes(kind))),
  lockScreen: z.enum(LOCK_SCREEN_CHOICES, {
    error: `lockScreen must be one of ${LOCK_SCREEN_CHOICES.join(', ')}`,
  }),
  /** What the answer carries beside the settings: accepted and ignored. */
  devices: z.unknown().optional(),
  position: z.unknown().optional(),
});

const base64url = (what: string, bytes: number) => {
  // Unpadded base64url of `bytes` bytes is this long; a padded one ends in '=' or '=='.
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `${what} must be a string` })
    .transform((value) => value.replace(/=+$/, ''))
    .refine(
      (value) => value.length === length && /^[A-Za-z0-9_-]+$/.test(value),
      `${what} must be ${bytes} bytes in base64url`,
    );
};

/** The browser's `PushSubscription.toJSON()`; where its endpoint may point is checked apart. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'endpoint must be a URL' })
    .min(1, 'endpoint must be a URL')
    .max(2048, 'endpoint must be at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (so its base64 starts with B).
      p256dh: base64url('keys.p256dh', 65).refine(
        (value) => value.startsWith('B'),
        'keys.p256dh must be an uncompressed P-256 public key',
      ),
      auth: base64url('keys.auth', 16),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});

export const pushUnsubscribeBody = z.strictObject({
  endpoint: z
    .string({ error: 'endpoint must be a URL' })
    .min(1, 'endpoint must be a URL')
    .max(2048, 'endpoint must be at most 2048 characters'),
});
