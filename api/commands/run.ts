import { assertValidEvent, currentVersionOf } from '../../domain/event-catalog';
import { handleCommand } from '../../domain/shared/command-handler';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/events';
import type { AppContext } from '../context';

/** Runs a command against one stream with the app's event store, ids and schema checks. */
export const runCommand = <Command, Event extends DomainEvent, State>(
  ctx: AppContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
) =>
  ctx.streamLock(streamId, () =>
    handleCommand(ctx.events, streamId, decider, command, {
      newId: ctx.newId,
      versionOf: currentVersionOf,
      validate: assertValidEvent,
    }),
  );
