import type { EndpointPolicy, Resolve } from './endpoint-guard';
import type { VapidKeys } from './vapid-keys';

/** What the push routes and the push worker share: the keys, and where pushes may go. */
export type PushServices = {
  keys: VapidKeys;
  /** RFC 8292's `sub`: who a push service may contact about our pushes. */
  subject: string;
  policy: EndpointPolicy;
  /** How endpoint hosts are resolved (the system's DNS; tests may give their own). */
  resolve?: Resolve;
};
