import { EchoGiven, EchoWithdrawn } from './echoes/events';
import {
  AccountMetadataUpdated,
  AccountSignedUp,
  AdminSignedIn,
  AdminSignedOut,
  EmailReserved,
  EmailVerificationRequested,
  EmailVerified,
  PasswordReset,
  PasswordResetRequested,
  SessionRefreshed,
  SessionRevoked,
  SessionStarted,
} from './accounts/events';
import {
  AgreementRecorded,
  DeviceLinkedToAccount,
  DeviceRegistered,
  PseudonymReserved,
  SettingsChanged,
} from './identity/events';
import { PerspectivePairViewed } from './perspectives/events';
import { QuestionOfTheDayActivated } from './questions/events';
import { ReplyDeleted, ReplyPosted } from './replies/events';
import { ResponseDeleted, ResponseSubmitted } from './responses/events';
import type { DomainEvent, EventDefinition } from './shared/events';
import type { z } from 'zod';

/** Every event type the product writes, at its current schema version. */
const definitions: EventDefinition<string, z.ZodType>[] = [
  DeviceRegistered,
  PseudonymReserved,
  DeviceLinkedToAccount,
  SettingsChanged,
  AgreementRecorded,
  EmailReserved,
  EmailVerified,
  AccountSignedUp,
  AccountMetadataUpdated,
  EmailVerificationRequested,
  PasswordResetRequested,
  PasswordReset,
  SessionStarted,
  SessionRefreshed,
  SessionRevoked,
  AdminSignedIn,
  AdminSignedOut,
  QuestionOfTheDayActivated,
  ResponseSubmitted,
  ResponseDeleted,
  EchoGiven,
  EchoWithdrawn,
  ReplyPosted,
  ReplyDeleted,
  PerspectivePairViewed,
];

const byType = new Map(definitions.map((d) => [d.type, d]));

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
