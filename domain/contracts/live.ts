/**
 * The ws protocol at /ws. A socket first says who it is (never in the URL), then subscribes
 * to topics from the registry in `topics.ts`; the server pushes one `changed` notice per
 * commit per topic, after the read model behind it changed.
 */
export type { ClientMessage } from './schemas/live';

export type RefusedTopic = { topic: string; reason: 'unknown' | 'forbidden' | 'too-many' };

export type ServerMessage =
  | { type: 'identified'; registered: boolean; signedIn: boolean }
  | { type: 'changed'; topic: string; position: string }
  | { type: 'subscribed'; topics: string[]; refused: RefusedTopic[] }
  | { type: 'error'; message: string };
