import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SettingsDto } from '../../../domain/contracts/settings';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { useSignOut } from '../../lib/auth-api';
import { deviceId } from '../../lib/device-identity';
import { useAuth } from '../../lib/session';
import { useTheme, type ThemeChoice } from '../../lib/theme';

/** `me`: the device id is a bearer secret, so it travels in X-Device-ID, never in a path. */
const SETTINGS_PATH = '/api/user/settings/me';

const linkClass = 'text-amber-800 underline dark:text-amber-400';

const SettingsPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { choice, actual, choose } = useTheme();
  const { session } = useAuth();
  const signOut = useSignOut();
  const themeId = useId();
  const activityId = useId();
  const pseudonymId = useId();
  const settings = useQuery({
    queryKey: ['settings', deviceId()],
    queryFn: () => api<SettingsDto>(SETTINGS_PATH),
    retry: false,
  });
  /** The unsaved choice; until there is one, the saved setting shows. */
  const [draft, setDraft] = useState<boolean | null>(null);
  const showActivity = draft ?? settings.data?.showActivity ?? true;
  const notRegistered = settings.error instanceof ApiError && settings.error.status === 404;

  const save = useMutation({
    mutationFn: () => api<SettingsDto>(SETTINGS_PATH, { method: 'PATCH', body: { showActivity } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings', deviceId()], saved);
      setDraft(null);
      toast({ title: 'Settings Updated' });
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update settings. Please try again.',
        variant: 'destructive',
      }),
  });

  const handleSignOut = async () => {
    await signOut();
    toast({ title: 'Signed out' });
    navigate('/home');
  };

  return (
    <section className="mx-auto max-w-lg space-y-8">
      <h1 className="text-3xl font-bold">Settings</h1>

      <div className="space-y-2">
        <label htmlFor={pseudonymId} className="block text-xl font-semibold">
          Pseudonym
        </label>
        <input
          id={pseudonymId}
          readOnly
          aria-describedby={`${pseudonymId}-hint`}
          value={
            settings.isPending
              ? 'Loading...'
              : (settings.data?.pseudonym ?? (notRegistered ? 'Not chosen yet' : 'Unavailable'))
          }
          className="block w-full rounded-md border border-stone-300 bg-stone-100 px-3 py-2 dark:border-stone-600 dark:bg-stone-800"
        />
        <p id={`${pseudonymId}-hint`} className="text-sm text-stone-600 dark:text-stone-300">
          Automatically assigned and tied to this device; it cannot be changed.
          {notRegistered && (
            <>
              {' '}
              <Link to="/setup" className={linkClass}>
                Choose your pseudonym
              </Link>
            </>
          )}
        </p>
      </div>

      <div className="space-y-2">
        <label htmlFor={themeId} className="text-xl font-semibold">
          Theme
        </label>
        <select
          id={themeId}
          value={choice}
          onChange={(e) => choose(e.target.value as ThemeChoice)}
          className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 dark:border-stone-600 dark:bg-stone-900"
        >
          <option value="light">Light</option>
          <option value="dark">Dark</option>
          <option value="system">System ({actual === 'dark' ? 'Dark' : 'Light'})</option>
        </select>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Showing the {actual} theme now.
        </p>
      </div>

      <div className="flex items-center justify-between gap-4">
        <div>
          <span id={activityId} className="text-xl font-semibold">
            Show Activity
          </span>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            Let others see your activity in the community.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={showActivity}
          aria-labelledby={activityId}
          disabled={!settings.data}
          onClick={() => setDraft(!showActivity)}
          className={`relative h-7 w-12 shrink-0 rounded-full transition-colors disabled:opacity-50 ${
            showActivity ? 'bg-amber-700' : 'bg-stone-400 dark:bg-stone-600'
          }`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-1 left-1 h-5 w-5 rounded-full bg-white transition-transform ${
              showActivity ? 'translate-x-5' : ''
            }`}
          />
        </button>
      </div>

      <Button onClick={() => save.mutate()} disabled={!settings.data || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>

      <div className="space-y-2 border-t border-stone-200 pt-6 dark:border-stone-700">
        <h2 className="text-xl font-semibold">Account</h2>
        {session ? (
          <div className="flex flex-wrap items-center gap-3">
            <p>
              Signed in as <strong>{session.user.email}</strong>
            </p>
            <Button variant="secondary" onClick={() => void handleSignOut()}>
              Sign Out
            </Button>
          </div>
        ) : (
          <p>
            You take part anonymously.{' '}
            <Link to="/auth" className={linkClass}>
              Sign in or create an account
            </Link>{' '}
            to use Mini and keep your archive across devices.
          </p>
        )}
      </div>

      <nav
        aria-label="Policies"
        className="flex flex-wrap gap-4 border-t border-stone-200 pt-6 dark:border-stone-700"
      >
        <Link to="/privacy-policy" className={linkClass}>
          Privacy Policy
        </Link>
        <Link to="/terms-of-use" className={linkClass}>
          Terms of Use
        </Link>
        <Link to="/about" className={linkClass}>
          About
        </Link>
      </nav>
    </section>
  );
};

export default SettingsPage;
