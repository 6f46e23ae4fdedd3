import { useEffect, useRef, useState } from 'react';
import { useLiveTopics } from '../../lib/live-client';
import { useRequireRegistration } from '../../lib/registration';
import { useTodayQuestion } from '../../lib/today-question';
import { Tabs } from '../../components/ui/tabs';
import { ActivityStats } from './components/activity-stats';
import { EchoEngagement } from './components/echo-engagement';
import { HistoryLinks } from './components/history-links';
import { JournalPanel } from './components/journal-panel';
import { ModerationNotices } from './components/moderation-notices';
import { MyDataPanel } from './components/my-data-panel';
import { ProfileBio } from './components/profile-bio';
import { ProfileHeader } from './components/profile-header';
import { RemindersTab } from './components/reminders-tab';
import { SharedPanel } from './components/shared-panel';
import { ProgressNumbers, StreakPanel } from './components/streak-panel';
import { personalTopic } from '../../../domain/contracts/topics';

type TabKey = 'progress' | 'journal' | 'reminders' | 'shared';

/** The person's own page: who they are, their progress, their private journal, shared pairs. */
const ProfilePage = () => {
  useRequireRegistration();
  useLiveTopics([personalTopic.publicName('progress'), personalTopic.publicName('journal')]);
  const [tab, setTab] = useState<TabKey>('progress');
  const sections = useRef<HTMLDivElement>(null);
  // The journal asked for from the top of the page: its tab, chosen, in view and focused.
  const [journalAsked, setJournalAsked] = useState(0);
  useEffect(() => {
    if (journalAsked === 0) return;
    const chosen = sections.current?.querySelector<HTMLElement>(
      '[role="tab"][aria-selected="true"]',
    );
    sections.current?.scrollIntoView({ block: 'start' });
    chosen?.focus({ preventScroll: true });
  }, [journalAsked]);
  const openJournal = () => {
    setTab('journal');
    setJournalAsked((n) => n + 1);
  };
  const today = useTodayQuestion();
  const todaysQuestionId = today.data?.id ?? null;
  return (
    <>
      <ProfileHeader onOpenJournal={openJournal} />
      <StreakPanel todaysQuestionId={todaysQuestionId} />
      <ProfileBio />
      <ModerationNotices />
      <ActivityStats />
      <div ref={sections} className="scroll-mt-4">
        <Tabs
          label="Profile sections"
          active={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'progress',
              label: 'Progress',
              content: (
                <>
                  <ProgressNumbers />
                  <EchoEngagement />
                </>
              ),
            },
            { key: 'journal', label: 'Journal', content: <JournalPanel /> },
            { key: 'reminders', label: 'Reminders', content: <RemindersTab /> },
            {
              key: 'shared',
              label: 'Shared',
              content: <SharedPanel todaysQuestionId={todaysQuestionId} />,
            },
          ]}
        />
      </div>
      <HistoryLinks />
      <MyDataPanel />
    </>
  );
};

export default ProfilePage;
