import type { LiveChatUser } from '../../../../domain/contracts/mini-live-chat';
import { Card } from '../../../components/ui/card';

/** Who is in the chat now, on any server: pseudonyms only (never an archetype: the Mini's promise). */
export const OnlineList = ({ users, open }: { users: LiveChatUser[]; open: boolean }) => (
  <Card padding="md" as="section" aria-labelledby="online-heading">
    <h2 id="online-heading" className="font-semibold">
      Online{open ? ` (${users.length})` : ''}
    </h2>
    {open ? (
      <ul className="mt-3 flex flex-col gap-2" aria-label="People online">
        {users.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center gap-2">
            <span className="size-2 rounded-full bg-success-ink" aria-hidden="true" />
            <span>{user.pseudonym}</span>
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-3 text-small text-ink-muted">Connecting to chat...</p>
    )}
  </Card>
);
