/**
 * The ws protocol at /ws. A browser subscribes to topics; the server pushes a
 * notice whenever a read model behind a topic changed.
 * Topics: 'question:today', 'responses:{questionId}'.
 */
export type ClientMessage =
  { type: 'subscribe'; topics: string[] } | { type: 'unsubscribe'; topics: string[] };

export type ServerMessage =
  | { type: 'changed'; topic: string; position: string }
  | { type: 'subscribed'; topics: string[] }
  | { type: 'error'; message: string };

export const topics = {
  questionToday: 'question:today',
  responses: (questionId: number) => `responses:${questionId}`,
};
