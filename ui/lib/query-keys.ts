import { personalTopic, sharedTopics } from '../../domain/contracts/topics';

/** One key factory per resource: ws notices and mutations invalidate through the same keys. */
export const queryKeys = {
  todayQuestion: ['question', 'today'] as const,
  question: (id: number) => ['question', id] as const,
  responses: (questionId: number) => ['responses', questionId] as const,
  /** Under responses, so whatever refreshes a question's answers refreshes their count. */
  answerCount: (questionId: number) => ['responses', questionId, 'count'] as const,
  hasResponded: ['user', 'has-responded'] as const,
  echoUsage: ['user', 'echo-usage'] as const,
  resources: (questionId: number) => ['resources', questionId] as const,
  devicePseudonym: ['device', 'pseudonym'] as const,
  /** Every reply thread of one question's answers. */
  repliesOf: (questionId: number) => ['replies', questionId] as const,
  replies: (questionId: number, responseId: string) => ['replies', questionId, responseId] as const,
  sharedResponses: (questionId: number) => ['shared-responses', questionId] as const,
  /** A question's opinion map, and (under it) the words of the answers it names. */
  opinionMap: (questionId: number) => ['opinions', questionId] as const,
  opinionAnswers: (questionId: number) => ['opinions', questionId, 'answers'] as const,
  /** The fact-check notes' explanations and sources: a chunk of the app, not a request. */
  factCheckEvidence: ['fact-check', 'evidence'] as const,
  miniCurrent: ['mini', 'current'] as const,
  miniResults: ['mini', 'result'] as const,
  miniResult: (dilemmaId: string) => ['mini', 'result', dilemmaId] as const,
  miniChoices: (parentId: string) => ['mini', 'choices', parentId] as const,
  miniArchetype: (archetypeId: string) => ['mini', 'archetype', archetypeId] as const,
  miniFellows: (dilemmaId: string, archetypeId: string) =>
    ['mini', 'result', dilemmaId, archetypeId, 'fellows'] as const,
  miniNarrative: ['mini', 'narrative'] as const,
  miniChat: (dilemmaId: string, archetypeId: string) =>
    ['mini', 'chat', dilemmaId, archetypeId] as const,
  /** Apart from the chat's messages: a new message does not change the caller's nickname. */
  miniChatNickname: (dilemmaId: string, archetypeId: string) =>
    ['mini', 'chat-nickname', dilemmaId, archetypeId] as const,
  brainstorm: ['brainstorm'] as const,
  /** Everything on the brainstorm board: its lists and its counts. */
  adminIdeas: ['admin', 'ideas'] as const,
  adminIdeaList: (status: string) => ['admin', 'ideas', 'list', status] as const,
  adminIdeaCounts: ['admin', 'ideas', 'counts'] as const,
  /** Every list of submissions. */
  adminSubmissionLists: ['admin', 'submissions'] as const,
  adminSubmissions: (status: string) => ['admin', 'submissions', status] as const,
  adminAudit: (filters: Record<string, string>) => ['admin', 'audit', filters] as const,
  adminQuestions: ['admin', 'questions'] as const,
  adminMini: ['admin', 'mini'] as const,
  adminMiniPending: ['admin', 'mini', 'pending'] as const,
  admins: ['admin', 'admins'] as const,
  /** Every list of the review queue. */
  adminReports: ['admin', 'reports'] as const,
  adminReportList: (status: string) => ['admin', 'reports', status] as const,
  /** What the caller is told of their own items others no longer see. */
  moderationNotices: ['user', 'moderation-notices'] as const,
  adminSession: ['admin', 'session'] as const,
  /** Every sentiment window. */
  sentimentAll: ['sentiment'] as const,
  sentiment: (days: number) => ['sentiment', days] as const,
  /** The dashboard's opinion map figures: under sentimentAll, so its notices refresh them. */
  opinionSummaries: (questionIds: readonly number[]) =>
    ['sentiment', 'opinions', ...questionIds] as const,
  archiveQuestions: ['archive', 'questions'] as const,
  archiveTitles: ['archive', 'titles'] as const,
  myResponses: ['archive', 'responses'] as const,
  /** Under hasResponded, so whatever makes that stale makes these stale too. */
  questionResponded: (questionId: number) => ['user', 'has-responded', questionId] as const,
  responseStatus: ['user', 'has-responded', 'status'] as const,
  journey: ['archive', 'journey'] as const,
  streak: ['user', 'streak'] as const,
  badges: ['user', 'badges'] as const,
  journal: ['journal'] as const,
  activitySummary: ['user', 'activity-summary'] as const,
  profile: ['user', 'profile'] as const,
  reminders: ['user', 'reminders'] as const,
  bio: ['user', 'bio'] as const,
  /** The inbox: its pages and its unread count. */
  notifications: ['user', 'notifications'] as const,
  notificationList: ['user', 'notifications', 'list'] as const,
  notificationSummary: ['user', 'notifications', 'summary'] as const,
  notificationSettings: ['user', 'notification-settings'] as const,
  contact: ['site', 'contact'] as const,
};

/** Which queries a live topic makes stale: only those showing what the topic names. */
export const keysForTopic = (topic: string): readonly (readonly unknown[])[] => {
  if (sharedTopics.questionToday.match(topic)) return [queryKeys.todayQuestion];
  const question = sharedTopics.question.match(topic);
  if (question) return [queryKeys.question(question.params)];
  if (sharedTopics.sentiment.match(topic)) return [queryKeys.sentimentAll];
  if (sharedTopics.adminContributions.match(topic)) {
    return [queryKeys.adminIdeas, queryKeys.adminSubmissionLists];
  }
  if (sharedTopics.adminReports.match(topic)) return [queryKeys.adminReports];
  const personal = personalTopic.parsePublic(topic);
  if (personal === 'badges') return [queryKeys.badges];
  if (personal === 'progress') return [queryKeys.streak, queryKeys.activitySummary];
  if (personal === 'journal') return [queryKeys.journal];
  if (personal === 'moderation') return [queryKeys.moderationNotices];
  if (personal === 'notifications') return [queryKeys.notifications];
  const travelers = sharedTopics.miniTravelers.match(topic);
  if (travelers) {
    return [queryKeys.miniChat(travelers.params.dilemmaId, travelers.params.archetypeId)];
  }
  const responses = sharedTopics.responses.match(topic);
  if (responses) {
    const questionId = responses.params;
    return [
      queryKeys.responses(questionId),
      queryKeys.repliesOf(questionId),
      queryKeys.sharedResponses(questionId),
      queryKeys.opinionMap(questionId),
      queryKeys.hasResponded,
    ];
  }
  return [];
};
