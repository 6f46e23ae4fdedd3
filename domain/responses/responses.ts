import { commandHandler } from '../shared/command-handler';
import { Map as ImmutableMap } from 'immutable';
import type { Decider } from '../shared/decider';
import { conflict, forbidden } from '../shared/errors';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import type { ResponseEvent } from './events';
import { acceptResponseContent } from './rules';

/** One author's responses: the boundary that keeps "one response per product day". */
export const responderStreamId = (authorId: string) => `responder-${authorId}`;

export type RespondToQuestion = {
  type: 'RespondToQuestion';
  responseId: string;
  authorId: string;
  pseudonym: string;
  questionId: number;
  content: string;
  spectrumPosition: number | null;
  at: Date;
};

export type DeleteResponse = {
  type: 'DeleteResponse';
  responseId: string;
  authorId: string;
  at: Date;
};

export type ResponseCommand = RespondToQuestion | DeleteResponse;

type AuthoredResponse = { questionId: number; day: ProductDay; deleted: boolean };

export type ResponderState = {
  /** The live response of each product day. */
  answeredOn: ImmutableMap<ProductDay, string>;
  responses: ImmutableMap<string, AuthoredResponse>;
};

export const initialState = (): ResponderState => ({
  answeredOn: ImmutableMap(),
  responses: ImmutableMap(),
});

export const evolve = (state: ResponderState, event: ResponseEvent): ResponderState => {
  switch (event.type) {
    case 'ResponseSubmitted': {
      const { responseId, questionId, day } = event.data;
      return {
        responses: state.responses.set(responseId, { questionId, day, deleted: false }),
        answeredOn: state.answeredOn.set(day, responseId),
      };
    }
    case 'ResponseDeleted': {
      const { responseId, day } = event.data;
      const response = state.responses.get(responseId);
      return {
        responses: response
          ? state.responses.set(responseId, { ...response, deleted: true })
          : state.responses,
        answeredOn:
          state.answeredOn.get(day) === responseId
            ? state.answeredOn.delete(day)
            : state.answeredOn,
      };
    }
  }
};

export const decide =
  (rules: DayRules) =>
  (command: ResponseCommand, state: ResponderState): ResponseEvent[] => {
    const day = productDayOf(command.at, rules);
    switch (command.type) {
      case 'RespondToQuestion': {
        const content = acceptResponseContent(command.content);
        if (state.answeredOn.has(day)) {
          throw conflict(
            'Already responded',
            "You've already shared your thought today. One question can be answered per day.",
          );
        }
        return [
          {
            type: 'ResponseSubmitted',
            data: {
              responseId: command.responseId,
              questionId: command.questionId,
              authorId: command.authorId,
              pseudonym: command.pseudonym,
              content,
              spectrumPosition: command.spectrumPosition,
              day,
              at: command.at.toISOString(),
            },
          },
        ];
      }
      case 'DeleteResponse': {
        const response = state.responses.get(command.responseId);
        if (!response) {
          throw forbidden('Not your response', 'Only the author can delete this response.');
        }
        if (response.deleted) return [];
        return [
          {
            type: 'ResponseDeleted',
            data: {
              responseId: command.responseId,
              questionId: response.questionId,
              authorId: command.authorId,
              day: response.day,
              at: command.at.toISOString(),
            },
          },
        ];
      }
    }
  };

export const responderDecider = (
  rules: DayRules,
): Decider<ResponseCommand, ResponseEvent, ResponderState> => ({
  initialState,
  evolve,
  readsPersonalFields: false,
  decide: decide(rules),
});

/** Bound to the stream its commands address. */
export const responders = (rules: DayRules) =>
  commandHandler(responderDecider(rules), (c) => responderStreamId(c.authorId));
