import { assertValidEvent, currentVersionOf } from '../../domain/event-catalog';
import { handleCommand, type CommandHandler } from '../../domain/shared/command-handler';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/events';
import type { AppContext } from '../context';

/** What running a command needs: any process has it, with or without HTTP. */
export type CommandContext = Pick<
  AppContext,
  'events' | 'newId' | 'streamLock' | 'clock' | 'dayRules' | 'logger'
>;

/** Runs a command against one stream with the app's event store, ids and schema checks. */
export const runCommand = <Command, Event extends DomainEvent, State>(
  ctx: CommandContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
) =>
  ctx.streamLock(streamId, () =>
    handleCommand(ctx.events, streamId, decider, command, {
      newId: ctx.newId,
      versionOf: currentVersionOf,
      validate: assertValidEvent,
      // Full jitter from 5 ms, doubling: racers for one stream spread out instead of colliding again.
      pause: (attempt) =>
        new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** (attempt - 1))),
    }),
  );

/** Runs a command through a bound handler: the stream comes from the command itself. */
export const handle = <Command, Event extends DomainEvent, State>(
  ctx: CommandContext,
  handler: CommandHandler<Command, Event, State>,
  command: Command,
) => runCommand(ctx, handler.streamOf(command), handler.decider, command);
