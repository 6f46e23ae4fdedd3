import { useState } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { SettingsIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { PSEUDONYM_KEY, readLocal } from '../../lib/device-identity';
import { useLiveTopics } from '../../lib/live-client';
import { useRequireRegistration } from '../../lib/registration';
import { useTodayQuestion } from '../../lib/today-question';
import { ActivityStats } from './components/activity-stats';
import { BadgeToasts } from './components/badge-toasts';
import { JournalPanel } from './components/journal-panel';
import { ProfileBio } from './components/profile-bio';
import { RemindersTab } from './components/reminders-tab';
import { StreakPanel } from './components/streak-panel';

type TabKey = 'progress' | 'journal' | 'reminders';

/** The person's own page: their progress and their private journal. */
const ProfilePage = () => {
  useRequireRegistration();
  useLiveTopics(['me:progress', 'me:badges', 'me:journal']);
  const [tab, setTab] = useState<TabKey>('progress');
  const today = useTodayQuestion();
  return (
    <>
      <BadgeToasts />
      <PageHeader
        eyebrow="Member of the Community"
        title={readLocal(PSEUDONYM_KEY) ?? 'Your profile'}
        actions={
          <ButtonLink to="/settings" variant="secondary">
            <SettingsIcon aria-hidden="true" />
            Settings
          </ButtonLink>
        }
      />
      <ProfileBio />
      <ActivityStats />
      <Tabs
        label="Profile sections"
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'progress',
            label: 'Progress',
            content: <StreakPanel todaysQuestionId={today.data?.id ?? null} />,
          },
          { key: 'journal', label: 'Journal', content: <JournalPanel /> },
          { key: 'reminders', label: 'Reminders', content: <RemindersTab /> },
        ]}
      />
    </>
  );
};

export default ProfilePage;
