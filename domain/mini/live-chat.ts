import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';

/** One live chat socket's presence: it joins once and leaves once. */
export const liveChatConnectionStreamId = (connectionId: string) =>
  `mini-live-connection-${connectionId}`;

/** A process's lease renewals, one stream per process and hour so no stream grows long. */
export const liveChatProcessStreamId = (processId: string, at: Date) =>
  `mini-live-process-${processId}-${at.toISOString().slice(0, 13)}`;

export type JoinLiveChat = {
  type: 'JoinLiveChat';
  connectionId: string;
  processId: string;
  personId: string;
  pseudonym: string;
  archetype: { id: string; name: string } | null;
  at: Date;
};

export type LeaveLiveChat = {
  type: 'LeaveLiveChat';
  connectionId: string;
  at: Date;
};

type PresenceEvent = EventOfType<'MiniLiveChatJoined'> | EventOfType<'MiniLiveChatLeft'>;

export type ConnectionState =
  | { status: 'new' }
  | { status: 'joined'; processId: string; personId: string }
  | { status: 'left' };

export const liveChatConnectionDecider: Decider<
  JoinLiveChat | LeaveLiveChat,
  PresenceEvent,
  ConnectionState
> = {
  initialState: () => ({ status: 'new' }),
  evolve: (_state, event) =>
    event.type === 'MiniLiveChatJoined'
      ? { status: 'joined', processId: event.data.processId, personId: event.data.personId }
      : { status: 'left' },
  // Joining twice or leaving a socket that never joined (or already left) changes nothing.
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'JoinLiveChat') {
      if (state.status !== 'new') return [];
      const { connectionId, processId, personId, pseudonym, archetype } = command;
      return [
        {
          type: 'MiniLiveChatJoined',
          data: { connectionId, processId, personId, pseudonym, archetype, at },
        },
      ];
    }
    if (state.status !== 'joined') return [];
    const { processId, personId } = state;
    return [
      {
        type: 'MiniLiveChatLeft',
        data: { connectionId: command.connectionId, processId, personId, at },
      },
    ];
  },
};

export const liveChatConnections = commandHandler(liveChatConnectionDecider, (c) =>
  liveChatConnectionStreamId(c.connectionId),
);

export type RenewLiveChatProcess = {
  type: 'RenewLiveChatProcess';
  processId: string;
  leaseMs: number;
  at: Date;
};

export const liveChatProcessDecider: Decider<
  RenewLiveChatProcess,
  EventOfType<'MiniLiveChatProcessAlive'>,
  null
> = {
  initialState: () => null,
  evolve: () => null,
  decide: ({ processId, leaseMs, at }) => [
    {
      type: 'MiniLiveChatProcessAlive',
      data: {
        processId,
        until: new Date(at.getTime() + leaseMs).toISOString(),
        at: at.toISOString(),
      },
    },
  ],
};

export const liveChatProcesses = commandHandler(liveChatProcessDecider, (c) =>
  liveChatProcessStreamId(c.processId, c.at),
);
