import type { TopicAccess } from '../../domain/contracts/topics';
import type { AppContext } from '../context';
import { miniResultsProjection } from '../../projections/mini-results';
import { travelsWith } from '../policies/mini-travelers';
import { mayReadDiscussion, mayTakePart } from '../policies/discussions';
import type { SocketIdentity } from './socket-identity';
import { askedAgainOnceCaughtUp } from './caught-up';

/** The server's side of the registry's access rules: may this socket follow the topic? */
export const mayFollow = async (
  ctx: AppContext,
  identity: SocketIdentity,
  access: TopicAccess,
): Promise<boolean> => {
  switch (access.kind) {
    case 'anyone':
      return true;
    case 'registered':
      return identity.personId !== null;
    case 'admin':
      return identity.admin;
    case 'question-reader':
      // The read model first; where it says no, the person's own stream: a discussion opened
      // the moment its reader answered is followed even while the projection catches up
      // (refused, the page stayed silent for good).
      return (
        (await mayReadDiscussion(ctx, identity.personId, access.questionId)) ||
        (identity.personId !== null &&
          (await mayTakePart(ctx, identity.personId, access.questionId)))
      );
    case 'mini-traveler': {
      const personId = identity.personId;
      if (personId === null) return false;
      // A journey finished a moment ago through this or another process: asked again once
      // the results' read model has what was written before the socket asked (bounded).
      const travels = await askedAgainOnceCaughtUp(ctx, miniResultsProjection.name, async () =>
        (await travelsWith(ctx, personId, access)) ? true : null,
      );
      return travels === true;
    }
  }
};
