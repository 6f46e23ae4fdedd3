import { deviceDecider, deviceStreamId, type DeviceState } from '../identity/devices';
import type { DeviceEvent } from '../identity/events';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';

export type EraseMyData = { type: 'EraseMyData'; deviceHash: string; at: Date };

/**
 * "Delete my data", decided on the device's own stream: the person the device acts as is
 * erased, and the device folds back to a fresh, unregistered one. A device that holds no one
 * (never registered, or already erased) has nothing to erase: asking again changes nothing.
 */
export const erasureDecider: Decider<EraseMyData, DeviceEvent, DeviceState> = {
  initialState: deviceDecider.initialState,
  evolve: deviceDecider.evolve,
  decide: (command, state) =>
    state.userId === null
      ? []
      : [{ type: 'PersonErased', data: { personId: state.userId, at: command.at.toISOString() } }],
};

/** Bound to the device's stream, like every command about what the device is. */
export const erasures = commandHandler(erasureDecider, (c) => deviceStreamId(c.deviceHash));
