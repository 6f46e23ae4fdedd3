import { ButtonLink } from '../../components/ui/button';
import { Callout } from '../../components/ui/callout';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { PSEUDONYM_KEY, readLocal } from '../../lib/device-identity';
import { ChatPanel } from './components/chat-panel';
import { OnlineList } from './components/online-list';
import { useLiveChat } from './use-live-chat';

const guidelines = [
  'Speak from your own experience; let others speak from theirs.',
  'Disagree with ideas, never with people.',
  'Keep it kind: no insults, no personal details.',
  'Curiosity first: ask before you conclude.',
];

const LiveChatPage = () => {
  const chat = useLiveChat();
  const pseudonym = readLocal(PSEUDONYM_KEY);
  return (
    <>
      <PageHeader
        eyebrow="Mini"
        title="Live chat"
        description={
          pseudonym
            ? `Talk with whoever is reflecting right now. You take part as ${pseudonym}.`
            : 'Talk with whoever is reflecting right now.'
        }
      />
      {chat.status === 'refused' ? (
        <Callout tone="info" title="Choose your pseudonym first">
          <p>The live chat is for registered members of the community.</p>
          <ButtonLink to="/setup" size="sm" className="mt-3">
            Get started
          </ButtonLink>
        </Callout>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <ChatPanel {...chat} />
          <aside className="flex flex-col gap-4" aria-label="About this chat">
            <OnlineList users={chat.users} open={chat.status === 'open'} />
            <Card padding="md" as="section" aria-labelledby="guidelines-heading">
              <h2 id="guidelines-heading" className="font-semibold">
                Discussion guidelines
              </h2>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-small">
                {guidelines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Card>
            <Card padding="md" as="section" aria-labelledby="actions-heading">
              <h2 id="actions-heading" className="font-semibold">
                Quick actions
              </h2>
              <div className="mt-3 flex flex-col gap-2">
                <ButtonLink to="/mini" variant="secondary">
                  Try Another Dilemma
                </ButtonLink>
                <ButtonLink to="/home" variant="secondary">
                  Back to Home
                </ButtonLink>
              </div>
            </Card>
          </aside>
        </div>
      )}
    </>
  );
};

export default LiveChatPage;
