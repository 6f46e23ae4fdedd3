import type { ContactDto } from '../domain/contracts/site';
import type { BankQuestion } from '../domain/questions/bank';
import type { DayRules } from '../domain/shared/product-day';
import type { Clock } from '../infra/clock';
import type { Mail } from '../infra/email/mail';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { Metrics } from '../infra/metrics';
import type { ReadModels } from '../projections/engine/read-models';
import type { AuthServices } from './auth/services';
import type { ProjectionOperations } from './ops/projection-ops';
import type { KeyedLock } from './commands/keyed-lock';
import type { OpinionMaps } from './opinions/opinion-maps';
import type { Quotas } from './http/quotas';
import type { PushServices } from './push/services';

/** What developers may ask of the projections through any process (see projection-ops.ts). */
export type ProjectionOps = Pick<
  ProjectionOperations,
  'status' | 'standing' | 'rebuild' | 'parked' | 'retryParked'
>;

/** Everything a route needs, passed in: the app has no globals. */
export type AppContext = {
  events: EventStore;
  readModels: ReadModels;
  projections: ProjectionOps;
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
  /** Per-address and per-device limits on what grows the log. */
  quotas: Quotas;
  /** Distinct reporters that hold a reported item pending review. */
  moderation: { holdThreshold: number };
  /** Outgoing mail (verification, password reset) and, without SMTP, the development outbox. */
  mail: Mail;
  /** Questions' opinion maps: stored, computed when due. */
  opinionMaps: OpinionMaps;
  /** Web Push: the VAPID keys and where pushes may be sent. */
  push: PushServices;
  /** The operator's addresses the legal pages show (CONTACT_EMAIL, PRIVACY_EMAIL); absent: none. */
  contact?: ContactDto;
  /** This process's metrics (/metrics); absent in tests that do not look at them. */
  metrics?: Metrics;
};
