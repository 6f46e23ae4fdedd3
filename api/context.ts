import type { BankQuestion } from '../domain/questions/bank';
import type { DayRules } from '../domain/shared/product-day';
import type { Clock } from '../infra/clock';
import type { Mail } from '../infra/email/mail';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { ProjectionRunner } from '../projections/runner';
import type { AuthServices } from './auth/services';
import type { KeyedLock } from './commands/keyed-lock';

/** Everything a route needs, passed in: the app has no globals. */
export type AppContext = {
  events: EventStore;
  readModels: ProjectionRunner;
  clock: Clock;
  logger: Logger;
  dayRules: DayRules;
  bank: readonly BankQuestion[];
  /** Upper bound on how long a query waits for its read model to reach X-Min-Position. */
  readWaitMs: number;
  newId: () => string;
  /** Serialises this instance's commands per stream. */
  streamLock: KeyedLock;
  auth: AuthServices;
  /** Outgoing mail (verification, password reset) and, without SMTP, the development outbox. */
  mail: Mail;
};
