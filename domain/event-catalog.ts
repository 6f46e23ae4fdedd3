import { EchoGiven, EchoWithdrawn } from './echoes/events';
import {
  AccountMetadataUpdated,
  AccountSignedUp,
  AdminSignedIn,
  AdminSignedOut,
  AdminSignInLinkIssued,
  EmailReserved,
  EmailVerificationRequested,
  EmailVerified,
  PasswordReset,
  PasswordResetRequested,
  SessionRefreshed,
  SessionRevoked,
  SessionStarted,
  SignInLinkRequested,
  SignInLinkUsed,
  SignUpPasswordChosen,
  SignUpLinkFollowed,
} from './accounts/events';
import {
  AgreementRecorded,
  DeviceLinkedToAccount,
  DeviceRegistered,
  PseudonymReleased,
  PseudonymReserved,
  SettingsChanged,
} from './identity/events';
import { AdminAdded, AdminRemoved, AdminSignInFailed } from './admins/events';
import { ContentRejected, ResponseAnalyzed } from './analysis/events';
import {
  ContributionUsed,
  SubmissionDeleted,
  SubmissionUsed,
  SuggestionUsed,
  SubmissionReviewed,
  SubmissionSent,
  SuggestionApproved,
  SuggestionDeleted,
  SuggestionEdited,
  SuggestionMade,
  SuggestionPromoted,
  SuggestionRejected,
  SuggestionReopened,
  SuggestionVoted,
} from './contributions/events';
import {
  MiniArchetypeDefined,
  MiniChatMessagePosted,
  MiniChoiceAdded,
  MiniChoiceLinkedToArchetype,
  MiniDilemmaActivated,
  MiniDilemmaCreated,
  MiniDilemmaDeleted,
  MiniDilemmaScheduled,
  MiniJourneyCompleted,
  MiniLiveMessagePosted,
  MiniResultReset,
  MiniTravelerNamed,
} from './mini/events';
import {
  MiniLiveChatJoined,
  MiniLiveChatLeft,
  MiniLiveChatProcessAlive,
} from './mini/live-chat-events';
import { BadgeEarned } from './badges/events';
import {
  CalendarFeedIssued,
  CalendarFeedRevoked,
  ReminderSettingsChanged,
} from './reminders/events';
import { ProfileBioChanged } from './bio/events';
import { PerspectivePairViewed } from './perspectives/events';
import { JournalEntryDeleted, JournalEntryEdited, JournalEntryWritten } from './journal/events';
import { ItemReported, ItemVisibilityChanged, ReportsResolved } from './moderation/events';
import { PersonErased } from './privacy/events';
import {
  NotificationSettingsChanged,
  NotificationsRead,
  PushSubscriptionAdded,
  PushSubscriptionRemoved,
} from './notifications/events';
import {
  QuestionDeleted,
  QuestionDrafted,
  QuestionOfTheDayActivated,
  QuestionScheduled,
  ScheduledQuestionEdited,
} from './questions/events';
import { ReactionAdded, ReactionRemoved } from './reactions/events';
import { ReplyDeleted, ReplyPosted } from './replies/events';
import { ResponseDeleted, ResponseSubmitted } from './responses/events';
import type { DomainEvent, EventDefinition, Sealing } from './shared/events';
import type { z } from 'zod';

/** Every event type the product writes, at its current schema version. */
const definitions = [
  DeviceRegistered,
  PseudonymReserved,
  PseudonymReleased,
  DeviceLinkedToAccount,
  SettingsChanged,
  AgreementRecorded,
  EmailReserved,
  EmailVerified,
  AccountSignedUp,
  SignUpPasswordChosen,
  SignUpLinkFollowed,
  AccountMetadataUpdated,
  EmailVerificationRequested,
  PasswordResetRequested,
  PasswordReset,
  SignInLinkRequested,
  SignInLinkUsed,
  SessionStarted,
  SessionRefreshed,
  SessionRevoked,
  AdminSignedIn,
  AdminSignedOut,
  AdminSignInLinkIssued,
  AdminSignInFailed,
  AdminAdded,
  AdminRemoved,
  QuestionOfTheDayActivated,
  QuestionScheduled,
  QuestionDrafted,
  ScheduledQuestionEdited,
  QuestionDeleted,
  ResponseSubmitted,
  ResponseDeleted,
  EchoGiven,
  EchoWithdrawn,
  ReplyPosted,
  ReplyDeleted,
  PerspectivePairViewed,
  MiniJourneyCompleted,
  MiniResultReset,
  MiniDilemmaCreated,
  MiniChoiceAdded,
  MiniChoiceLinkedToArchetype,
  MiniDilemmaScheduled,
  MiniDilemmaDeleted,
  MiniDilemmaActivated,
  MiniArchetypeDefined,
  MiniChatMessagePosted,
  MiniTravelerNamed,
  MiniLiveMessagePosted,
  MiniLiveChatJoined,
  MiniLiveChatLeft,
  MiniLiveChatProcessAlive,
  ContributionUsed,
  ContentRejected,
  PersonErased,
  SuggestionMade,
  SuggestionApproved,
  SuggestionRejected,
  SuggestionReopened,
  SuggestionEdited,
  SuggestionVoted,
  SuggestionPromoted,
  SuggestionDeleted,
  SubmissionSent,
  SubmissionReviewed,
  SubmissionDeleted,
  SubmissionUsed,
  SuggestionUsed,
  ReactionAdded,
  ReactionRemoved,
  ResponseAnalyzed,
  BadgeEarned,
  JournalEntryWritten,
  JournalEntryEdited,
  JournalEntryDeleted,
  ReminderSettingsChanged,
  CalendarFeedIssued,
  CalendarFeedRevoked,
  ProfileBioChanged,
  ItemReported,
  ItemVisibilityChanged,
  ReportsResolved,
  NotificationSettingsChanged,
  NotificationsRead,
  PushSubscriptionAdded,
  PushSubscriptionRemoved,
] as const;

type Definition = (typeof definitions)[number];

/** The name of every event type the product writes. */
export type EventType = Definition['type'];

/** The current shape of one event type, derived from its schema (never written twice). */
export type EventOfType<T extends EventType> = {
  type: T;
  data: z.infer<Extract<Definition, { type: T }>['schema']>;
};

/** Any event the product writes, as a discriminated union on `type`. */
export type AnyEvent = { [T in EventType]: EventOfType<T> }[EventType];

const byType = new Map<string, EventDefinition<string, z.ZodType>>(
  definitions.map((d) => [d.type, d]),
);

export const isKnownEventType = (type: string): type is EventType => byType.has(type);

/** Schema version of an event type; events of types this build does not know stay at their own version. */
export const currentVersionOf = (type: string): number => byType.get(type)?.version ?? 1;

/** Validates an event before it is written: a half-formed event never reaches the log. */
export const assertValidEvent = (event: DomainEvent): void => {
  const definition = byType.get(event.type);
  if (!definition) throw new Error(`Unknown event type ${event.type}`);
  const result = definition.schema.safeParse(event.data);
  if (!result.success) {
    throw new Error(`Invalid ${event.type} event: ${result.error.message}`);
  }
};

/** Which fields of an event type are sealed, and with whose key; null when none are. */
export const sealingOf = (type: string): Sealing<Record<string, unknown>> | null =>
  (byType.get(type)?.sealed as Sealing<Record<string, unknown>> | undefined) ?? null;

/** Brings stored data of an older schema version up to the current one. */
export const upcast = (type: string, version: number, data: unknown): unknown => {
  const definition = byType.get(type);
  if (!definition) return data;
  let upcasted = data;
  for (let v = version; v < definition.version; v++) {
    const step = definition.upcasters?.[v];
    if (!step) throw new Error(`No upcaster for ${type} v${v}`);
    upcasted = step(upcasted);
  }
  return upcasted;
};
