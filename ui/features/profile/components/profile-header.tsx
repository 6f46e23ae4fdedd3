import { BookLock, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SettingsIcon } from '../../../components/ui/icons';
import { useSignOut } from '../../../lib/auth-api';
import { PSEUDONYM_KEY, readLocal } from '../../../lib/device-identity';
import { useAuth } from '../../../lib/session';
import { useProfile } from '../api/profile';

const monthYear = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

/**
 * Who this is: pseudonym, 'Member of the Community'; the journal (a tap from the top, though its
 * tab is further down), settings, policies, sign-out (the bio is edited just below).
 */
export const ProfileHeader = ({ onOpenJournal }: { onOpenJournal: () => void }) => {
  const profile = useProfile();
  const { session } = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const name = profile.data?.pseudonym ?? readLocal(PSEUDONYM_KEY);

  const handleSignOut = async () => {
    await signOut();
    navigate('/signed-out', { state: { name } });
  };

  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex items-start gap-3">
        {name && <Avatar name={name} own />}
        <div>
          <h1 className="font-serif text-headline font-semibold tracking-tight">
            {name ?? 'Your profile'}
          </h1>
          <p className="text-ink-muted">
            Member of the Community
            {profile.data && ` since ${monthYear(profile.data.memberSince)}`}
          </p>
        </div>
      </div>
      <nav aria-label="Profile links" className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onOpenJournal}>
          <BookLock aria-hidden="true" />
          Journal
        </Button>
        <ButtonLink to="/settings" variant="secondary" size="sm">
          <SettingsIcon aria-hidden="true" />
          Settings
        </ButtonLink>
        <ButtonLink to="/privacy-policy" variant="ghost" size="sm">
          Privacy Policy
        </ButtonLink>
        <ButtonLink to="/terms-of-use" variant="ghost" size="sm">
          Terms of Use
        </ButtonLink>
        {session && (
          <Button variant="secondary" size="sm" onClick={() => void handleSignOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        )}
      </nav>
    </header>
  );
};
