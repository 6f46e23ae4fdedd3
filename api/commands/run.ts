import { assertValidEvent, currentVersionOf } from '../../domain/event-catalog';
import {
  findEarlier,
  handleCommand,
  readFold,
  type CommandHandler,
  type Once,
} from '../../domain/shared/command-handler';
import type { Decider } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import type { DomainEvent } from '../../domain/shared/events';
import { streamCategory } from '../../infra/metrics';
import type { AppContext } from '../context';
import { foldCacheOf } from './fold-cache';

/** What running a command needs: any process has it, with or without HTTP. */
export type CommandContext = Pick<
  AppContext,
  'events' | 'newId' | 'streamLock' | 'clock' | 'dayRules' | 'logger'
> &
  Partial<Pick<AppContext, 'metrics'>>;

/** Runs a command against one stream with the app's event store, ids and schema checks. */
export const runCommand = <Command, Event extends DomainEvent, State>(
  ctx: CommandContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  once?: Once,
) =>
  ctx.streamLock(streamId, () =>
    counted(
      ctx,
      streamId,
      handleCommand(ctx.events, streamId, decider, command, {
        newId: ctx.newId,
        versionOf: currentVersionOf,
        folds: foldCacheOf(ctx.events),
        validate: assertValidEvent,
        ...(once ? { once } : {}),
        // Full jitter from 5 ms, doubling: racers for one stream spread out instead of colliding again.
        pause: (attempt) => {
          ctx.metrics?.conflictRetries.inc({ stream: streamCategory(streamId) });
          return new Promise((resolve) =>
            setTimeout(resolve, Math.random() * 5 * 2 ** (attempt - 1)),
          );
        },
      }),
    ),
  );

/**
 * Counts each command's outcome: accepted, unchanged (nothing to append), repeated (a keyed
 * command handled before), refused by kind, failed.
 */
const counted = async <T extends { events: unknown[]; repeated?: boolean }>(
  ctx: CommandContext,
  streamId: string,
  work: Promise<T>,
): Promise<T> => {
  const stream = streamCategory(streamId);
  try {
    const result = await work;
    const outcome =
      result.repeated === true ? 'repeated' : result.events.length > 0 ? 'accepted' : 'unchanged';
    ctx.metrics?.commands.inc({ stream, outcome, kind: '' });
    return result;
  } catch (error) {
    const refused = error instanceof DomainError;
    ctx.metrics?.commands.inc({
      stream,
      outcome: refused ? 'refused' : 'failed',
      kind: refused ? error.kind : '',
    });
    throw error;
  }
};

/**
 * A stream's state as its decider folds it, read the way a command reads it (remembered
 * folds, personal fields left sealed where the decider never looks at them): for guards that
 * consult a stream (the authority) before a command.
 */
export const currentState = async <Event, State>(
  ctx: Pick<CommandContext, 'events'>,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'readsPersonalFields'>,
): Promise<State> => (await readFold(ctx.events, streamId, decider, foldCacheOf(ctx.events))).state;

/**
 * Runs a command through a bound handler: the stream comes from the command itself. `once`:
 * the request's idempotency key (api/http/idempotency.ts), so a repeat writes nothing.
 */
export const handle = <Command, Event extends DomainEvent, State>(
  ctx: CommandContext,
  handler: CommandHandler<Command, Event, State>,
  command: Command,
  once?: Once,
) => runCommand(ctx, handler.streamOf(command), handler.decider, command, once);

/**
 * A keyed command's outcome when it was handled before (null otherwise, and without a key):
 * asked before a route's own checks, so a repeat gets the first answer even where those checks
 * would refuse it now. A repeat that races the first sending is caught by `handle` itself.
 */
export const earlierOn = async <Event, State>(
  ctx: Pick<CommandContext, 'events'>,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'readsPersonalFields'>,
  once: Once | undefined,
) => (once ? findEarlier(ctx.events, streamId, decider, once) : null);

/** `earlierOn` the stream a command addresses. */
export const earlierOutcome = <Command, Event extends DomainEvent, State>(
  ctx: Pick<CommandContext, 'events'>,
  handler: CommandHandler<Command, Event, State>,
  command: Command,
  once: Once | undefined,
) => earlierOn(ctx, handler.streamOf(command), handler.decider, once);
