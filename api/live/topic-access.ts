import type { TopicAccess } from '../../domain/contracts/topics';
import type { AppContext } from '../context';
import { travelsWith } from '../policies/mini-travelers';
import { mayReadDiscussion } from '../policies/discussions';
import type { SocketIdentity } from './socket-identity';

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
      return mayReadDiscussion(ctx, identity.personId, access.questionId);
    case 'mini-traveler':
      return identity.personId !== null && travelsWith(ctx, identity.personId, access);
  }
};
