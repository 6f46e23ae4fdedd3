import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleDot, LogOut } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { SettingsDto } from '../../../domain/contracts/settings';
import { InstallEntry } from '../../components/install-boon';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { inputClass } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { useSignOut } from '../../lib/auth-api';
import { deviceId, PSEUDONYM_KEY, readLocal } from '../../lib/device-identity';
import { useAuth } from '../../lib/session';
import { useTheme, type ThemeChoice } from '../../lib/theme';
import { UnsavedChangesGuard } from './unsaved-changes';
import { NotificationSettingsCard } from './components/notification-settings';

/** `me`: the device id is a bearer secret, so it travels in X-Device-ID, never in a path. */
const SETTINGS_PATH = '/api/user/settings/me';

type SettingsValues = Pick<SettingsDto, 'showActivity'>;

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
  const notRegistered = settings.error instanceof ApiError && settings.error.status === 404;
  // The saved settings, once read; a change not saved yet stays while they are read again.
  const form = useForm<SettingsValues>({
    defaultValues: { showActivity: true },
    ...(settings.data && { values: { showActivity: settings.data.showActivity } }),
    resetOptions: { keepDirtyValues: true },
  });

  const save = useMutation({
    mutationFn: (body: SettingsValues) =>
      api<SettingsDto>(SETTINGS_PATH, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings', deviceId()], saved);
      form.reset({ showActivity: saved.showActivity });
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
    // Signed out before the settings are read: the name this device keeps says who it was.
    const name = settings.data?.pseudonym ?? readLocal(PSEUDONYM_KEY);
    await signOut();
    navigate('/signed-out', { state: { name } });
  };

  const dirty = form.formState.isDirty;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title="Settings" />
      <UnsavedChangesGuard
        dirty={dirty}
        saving={save.isPending}
        onSave={() => save.mutateAsync(form.getValues())}
      />
      <div className="space-y-4">
        <Card as="section" aria-labelledby={`${pseudonymId}-heading`}>
          <h2 id={`${pseudonymId}-heading`} className="sr-only">
            Identity
          </h2>
          <label htmlFor={pseudonymId} className="mb-1.5 block text-small font-semibold">
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
            className={inputClass}
          />
          <p id={`${pseudonymId}-hint`} className="mt-1.5 text-small text-ink-muted">
            {notRegistered
              ? 'You have not chosen one on this device yet.'
              : `The name you chose when you joined, and the only one others see: on your answers, replies and in the live chat. It cannot be changed. ${session ? 'It belongs to your account, on every device you sign in on.' : 'It lives on this device; a free account keeps it on every device.'}`}{' '}
            {!notRegistered && (
              <Link to="/pseudonym-welcome" className="link">
                About your pseudonym
              </Link>
            )}
            {notRegistered && (
              <>
                {' '}
                <Link to="/setup" className="link">
                  Choose your pseudonym
                </Link>
              </>
            )}
          </p>
        </Card>

        <Card as="section" aria-labelledby={themeId}>
          <h2 id={themeId} className="mb-1.5 text-small font-semibold">
            Theme
          </h2>
          <Select
            aria-labelledby={themeId}
            aria-describedby={`${themeId}-now`}
            value={choice}
            onValueChange={(next: ThemeChoice) => choose(next)}
            options={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
              { value: 'system', label: `System (${actual === 'dark' ? 'Dark' : 'Light'})` },
            ]}
          />
          <p id={`${themeId}-now`} className="mt-1.5 text-small text-ink-muted">
            Showing the {actual} theme now.
          </p>
        </Card>

        <Card as="section" aria-labelledby={activityId}>
          <Form
            form={form}
            onSubmit={(values) => save.mutateAsync(values)}
            // The save says itself how it went (a toast), here and when leaving the page.
            onFailure={() => undefined}
            footer={
              <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4">
                <SubmitButton control={form.control} pending="Saving..." disabled={!settings.data}>
                  Save Settings
                </SubmitButton>
                {dirty && (
                  <Badge tone="caution">
                    <CircleDot aria-hidden="true" />
                    Unsaved change
                  </Badge>
                )}
              </div>
            }
          >
            <div className="flex items-center justify-between gap-4">
              <div>
                <h2 id={activityId} className="font-semibold">
                  Show Activity
                </h2>
                <p id={`${activityId}-hint`} className="text-small text-ink-muted">
                  Let others see your streak and top badge beside your pseudonym.
                </p>
              </div>
              <Controller
                control={form.control}
                name="showActivity"
                render={({ field: { ref, value, onChange } }) => (
                  <Switch
                    ref={ref}
                    checked={value}
                    aria-labelledby={activityId}
                    aria-describedby={`${activityId}-hint`}
                    disabled={!settings.data}
                    onCheckedChange={onChange}
                  />
                )}
              />
            </div>
          </Form>
        </Card>

        <NotificationSettingsCard registered={Boolean(settings.data)} />
        <InstallEntry />

        <Card as="section" aria-labelledby="account">
          <h2 id="account" className="font-semibold">
            Account
          </h2>
          {session ? (
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
              <p>
                Signed in as <strong>{session.user.email}</strong>
              </p>
              <Button variant="secondary" onClick={() => void handleSignOut()}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </div>
          ) : (
            <p className="mt-2 text-ink-muted">
              You take part anonymously.{' '}
              <Link to="/auth" className="link">
                Sign in or create an account
              </Link>{' '}
              to use Mini and keep your archive across devices.
            </p>
          )}
        </Card>
      </div>

      <nav aria-label="Policies" className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/privacy-policy" className="link inline-flex min-h-11 items-center">
          Privacy Policy
        </Link>
        <Link to="/terms-of-use" className="link inline-flex min-h-11 items-center">
          Terms of Use
        </Link>
        <Link to="/about" className="link inline-flex min-h-11 items-center">
          About
        </Link>
        <Link to="/disclosure" className="link inline-flex min-h-11 items-center">
          What you agreed to
        </Link>
      </nav>
    </section>
  );
};

export default SettingsPage;
