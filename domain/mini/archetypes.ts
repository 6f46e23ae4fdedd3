import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/errors';
import { hasVisibleCharacter } from '../shared/text';
import { bankArchetype } from './bank';

/** An archetype an admin defines (a generated dilemma brings its own); the bank's are fixed. */
export const archetypeStreamId = (archetypeId: string) => `mini-archetype-${archetypeId}`;

export type DefineArchetype = {
  type: 'DefineArchetype';
  archetypeId: string;
  name: string;
  description: string;
  worldview: string;
  coreValues: readonly string[];
  approach: string;
  by: string;
  at: Date;
};

export type ArchetypeEvent = EventOfType<'MiniArchetypeDefined'>;

export const archetypeDecider: Decider<DefineArchetype, ArchetypeEvent, { defined: boolean }> = {
  initialState: () => ({ defined: false }),
  evolve: () => ({ defined: true }),
  decide: (command, state) => {
    if (state.defined || bankArchetype(command.archetypeId)) {
      throw conflict('Duplicate archetype', `Archetype ${command.archetypeId} exists already.`);
    }
    for (const field of ['name', 'description'] as const) {
      if (!hasVisibleCharacter(command[field])) {
        throw invalid(field, 'Missing field', `An archetype needs a ${field}.`);
      }
    }
    const { type: _type, at, ...data } = command;
    return [
      {
        type: 'MiniArchetypeDefined',
        data: {
          ...data,
          name: data.name.trim(),
          description: data.description.trim(),
          coreValues: [...data.coreValues],
          at: at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const archetypes = commandHandler(archetypeDecider, (c) => archetypeStreamId(c.archetypeId));
