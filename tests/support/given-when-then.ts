import { expect } from 'vitest';
import type { Decider } from '../../domain/shared/decider';
import { fold } from '../../domain/shared/decider';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors';

/** Decider specifications read as the product's rules: given past events, when a command, then events or an error. */
export const specFor =
  <Command, Event, State>(decider: Decider<Command, Event, State>) =>
  (history: Event[]) => ({
    when: (command: Command) => {
      const decide = () => decider.decide(command, fold(decider, history));
      return {
        then: (expected: Event[]) => expect(decide()).toEqual(expected),
        thenNothing: () => expect(decide()).toEqual([]),
        thenFails: (kind: DomainErrorKind, message?: string | RegExp) => {
          let error: unknown;
          try {
            decide();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).kind).toBe(kind);
          if (message) expect((error as DomainError).message).toMatch(message);
        },
      };
    },
  });
