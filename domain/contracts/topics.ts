/**
 * Every live topic, in one registry shared by the projections (which name the topics they
 * change), the ws hub (which parses a subscription and checks who may have it) and the UI
 * (which subscribes and invalidates only the queries a notice concerns).
 *
 * A shared topic has one name for everyone. A personal topic is named `me:{kind}` by the
 * browser; the hub binds it to the socket's own person, so no id ever travels, and the
 * projections notify it under the person's id.
 */

/** Who may subscribe: checked by the server when a socket subscribes. */
export type TopicAccess =
  | { kind: 'anyone' }
  | { kind: 'registered' }
  /** Whoever may read the question's discussion (today's: answered today; past: answered today's). */
  | { kind: 'question-reader'; questionId: number }
  | { kind: 'admin' }
  /** Whoever reached this archetype on this dilemma today (the Fellow Travelers chat). */
  | { kind: 'mini-traveler'; dilemmaId: string; archetypeId: string };

type SharedTopic<Params> = {
  name(params: Params): string;
  /** The topic's parameters when `topic` is one of its names, else null. */
  match(topic: string): { params: Params } | null;
  access(params: Params): TopicAccess;
};

const numbered = (prefix: string, access: (id: number) => TopicAccess): SharedTopic<number> => {
  const pattern = new RegExp(`^${prefix}:([1-9]\\d{0,14})$`);
  return {
    name: (id) => `${prefix}:${id}`,
    match: (topic) => {
      const id = pattern.exec(topic)?.[1];
      return id ? { params: Number(id) } : null;
    },
    access,
  };
};

const fixed = (name: string, access: TopicAccess): SharedTopic<void> => ({
  name: () => name,
  match: (topic) => (topic === name ? { params: undefined } : null),
  access: () => access,
});

type TravelersParams = { dilemmaId: string; archetypeId: string };

const travelers: SharedTopic<TravelersParams> = {
  name: ({ dilemmaId, archetypeId }) => `mini-travelers:${dilemmaId}:${archetypeId}`,
  match: (topic) => {
    const found = /^mini-travelers:([A-Za-z0-9][\w-]{0,63}):([A-Za-z0-9][\w-]{0,63})$/.exec(topic);
    return found ? { params: { dilemmaId: found[1]!, archetypeId: found[2]! } } : null;
  },
  access: (params) => ({ kind: 'mini-traveler', ...params }),
};

export const sharedTopics = {
  /** Today's question changed (a new product day, or an admin set it). */
  questionToday: fixed('question:today', { kind: 'anyone' }),
  /** One question's text or status changed. */
  question: numbered('question', () => ({ kind: 'anyone' })),
  /** A question's answers, echoes, replies, reactions or pairs changed. */
  responses: numbered('responses', (questionId) => ({ kind: 'question-reader', questionId })),
  /** New messages in the Fellow Travelers chat of a dilemma's archetype. */
  miniTravelers: travelers,
  /** The community's sentiment figures changed (any question-day's). */
  sentiment: fixed('sentiment', { kind: 'registered' }),
  /** The brainstorm board or the submitted questions changed: admins only. */
  adminContributions: fixed('admin:contributions', { kind: 'admin' }),
  /** The review queue of reported and held items changed: admins only. */
  adminReports: fixed('admin:reports', { kind: 'admin' }),
} as const;

/** Personal topics: `me:{kind}` in the browser, bound to the subscriber's own person. */
export const personalTopicKinds = [
  'profile',
  'badges',
  'progress',
  'journal',
  'moderation',
  'notifications',
] as const;
export type PersonalTopicKind = (typeof personalTopicKinds)[number];

export const personalTopic = {
  /** What the browser subscribes to. */
  publicName: (kind: PersonalTopicKind) => `me:${kind}`,
  /** What projections notify and the hub routes: never sent to a browser. */
  internalName: (kind: PersonalTopicKind, personId: string) => `person:${personId}:${kind}`,
  parsePublic: (topic: string): PersonalTopicKind | null => {
    const kind = topic.startsWith('me:') ? topic.slice(3) : '';
    return (personalTopicKinds as readonly string[]).includes(kind)
      ? (kind as PersonalTopicKind)
      : null;
  },
};

export type ParsedTopic =
  | { scope: 'shared'; name: string; access: TopicAccess }
  | { scope: 'personal'; kind: PersonalTopicKind };

/** Reads a topic a browser asked for; null when no topic of that name exists. */
export const parseTopic = (topic: string): ParsedTopic | null => {
  if (topic.length > 120) return null;
  const kind = personalTopic.parsePublic(topic);
  if (kind) return { scope: 'personal', kind };
  for (const definition of Object.values(sharedTopics) as SharedTopic<unknown>[]) {
    const matched = definition.match(topic);
    if (matched) return { scope: 'shared', name: topic, access: definition.access(matched.params) };
  }
  return null;
};
