/** One key factory per resource: ws notices and mutations invalidate through the same keys. */
export const queryKeys = {
  todayQuestion: ['question', 'today'] as const,
  question: (id: number) => ['question', id] as const,
  responses: (questionId: number) => ['responses', questionId] as const,
  hasResponded: ['user', 'has-responded'] as const,
  resources: (questionId: number) => ['resources', questionId] as const,
  devicePseudonym: ['device', 'pseudonym'] as const,
  replies: (responseId: string) => ['replies', responseId] as const,
  allReplies: ['replies'] as const,
  echoStatus: (responseId: string) => ['echo-status', responseId] as const,
  archiveQuestions: ['archive', 'questions'] as const,
  myResponses: ['archive', 'responses'] as const,
  streak: ['user', 'streak'] as const,
  badges: ['user', 'badges'] as const,
  journal: ['journal'] as const,
  activitySummary: ['user', 'activity-summary'] as const,
};

/** Which queries a live topic makes stale. */
export const keysForTopic = (topic: string): readonly unknown[][] => {
  if (topic === 'question:today') return [[...queryKeys.todayQuestion]];
  if (topic === 'me:badges') return [[...queryKeys.badges]];
  if (topic === 'me:progress') return [[...queryKeys.streak], [...queryKeys.activitySummary]];
  if (topic === 'me:journal') return [[...queryKeys.journal]];
  const responses = /^responses:(\d+)$/.exec(topic);
  if (responses) {
    const questionId = Number(responses[1]);
    return [
      [...queryKeys.responses(questionId)],
      [...queryKeys.hasResponded],
      [...queryKeys.allReplies],
      ['shared-responses', questionId],
    ];
  }
  return [];
};
