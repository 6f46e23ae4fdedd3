/**
 * The Decider pattern: one consistency boundary (stream) is described by how it
 * folds its history (`evolve`) and what a command turns into (`decide`).
 * Both are pure; time, ids and rules arrive in the command or as parameters.
 */
export type Decider<Command, Event, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * False for a decider that never looks at its events' personal fields (an answer's text, a
   * reply's): its stream is read with them left sealed, and its fold may be remembered
   * between commands (it holds nothing an erasure must take away).
   */
  readsPersonalFields?: false;
};

export const fold = <Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
