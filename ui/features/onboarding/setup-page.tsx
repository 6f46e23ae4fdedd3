import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { confirmAccount } from '../../lib/auth-api';
import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY } from '../../lib/device-identity';
import { currentSession } from '../../lib/session';
import {
  generatePseudonyms,
  isUnreachable,
  localPseudonyms,
  registerDevice,
  rememberRegistration,
} from './api/registration';

/** The device is registered but the account could not take its pseudonym: sign in again. */
class MetadataUpdateFailed extends Error {
  constructor(reason: unknown) {
    super(reason instanceof ApiError ? reason.detail : 'Account update failed');
  }
}

/** 'Enter Your Journey': pick one of three pseudonyms, tied to this device for good. */
const SetupPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [selected, setSelected] = useState<string | null>(null);
  const options = useQuery({
    queryKey: ['pseudonym-options'],
    queryFn: async () => {
      try {
        return (await generatePseudonyms()).pseudonyms;
      } catch {
        return localPseudonyms();
      }
    },
    staleTime: Infinity,
  });
  const register = useMutation({
    mutationFn: async (name: string) => {
      let registered: { pseudonym: string };
      try {
        registered = await registerDevice(name);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        // The server is out of reach: keep the name here and send it on the next visit.
        rememberRegistration(name, true);
        return { pseudonym: name };
      }
      rememberRegistration(registered.pseudonym, false);
      if (currentSession()) {
        try {
          await confirmAccount(registered.pseudonym);
        } catch (error) {
          throw new MetadataUpdateFailed(error);
        }
      }
      return registered;
    },
    onSuccess: ({ pseudonym }) => {
      toast({
        title: 'Welcome to Boon!',
        description: `Your journey begins as ${pseudonym}`,
      });
      setTimeout(() => navigate('/home'), 100);
    },
    onError: (error) => {
      if (error instanceof MetadataUpdateFailed) {
        navigate('/auth');
        return;
      }
      toast({
        title: 'Setup Error',
        description: 'There was an issue setting up your account. Please try again.',
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: ['pseudonym-options'] });
      setSelected(null);
    },
  });

  // A device that already has its pseudonym only needs the account to take it on.
  useEffect(() => {
    const pseudonym = readLocal(PSEUDONYM_KEY);
    const session = currentSession();
    if (readLocal(REGISTERED_KEY) !== 'true' || !pseudonym) return;
    if (!session || session.user.user_metadata.confirmed) {
      navigate('/home', { replace: true });
      return;
    }
    confirmAccount(pseudonym).then(
      () => navigate('/home', { replace: true }),
      () => navigate('/auth', { replace: true }),
    );
  }, [navigate]);

  const handleNewOptions = () => {
    setSelected(null);
    void options.refetch();
  };
  const handleBegin = () => {
    if (!selected) {
      toast({
        title: 'Please Select a Pseudonym',
        description: 'Choose one of the three options to continue.',
        variant: 'destructive',
      });
      return;
    }
    register.mutate(selected);
  };
  const busy = options.isFetching || register.isPending;

  return (
    <section className="mx-auto max-w-lg py-6">
      <h1 className="text-3xl font-bold">Enter Your Journey</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        Your pseudonym is permanently tied to this device and used for all your responses and
        interactions, keeping your identity consistent while protecting your privacy.
      </p>
      <fieldset className="mt-6" disabled={busy}>
        <legend className="mb-2 font-semibold">Choose your pseudonym</legend>
        {options.isFetching && <p role="status">Loading options...</p>}
        <div role="radiogroup" className="flex flex-col gap-2">
          {!options.isFetching &&
            options.data?.map((name) => (
              <label
                key={name}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${
                  selected === name
                    ? 'border-amber-700 bg-amber-50 dark:bg-stone-800'
                    : 'border-stone-300 dark:border-stone-700'
                }`}
              >
                <input
                  type="radio"
                  name="pseudonym"
                  value={name}
                  checked={selected === name}
                  onChange={() => setSelected(name)}
                />
                <span className="text-lg">{name}</span>
              </label>
            ))}
        </div>
      </fieldset>
      <div className="mt-6 flex gap-3">
        <Button variant="secondary" onClick={handleNewOptions} disabled={busy}>
          New Options
        </Button>
        <Button
          onClick={handleBegin}
          // Without a choice it looks and reads disabled but still explains itself when pressed.
          disabled={busy}
          aria-disabled={!selected || undefined}
        >
          {register.isPending ? 'Beginning journey...' : 'Begin Journey'}
        </Button>
      </div>
    </section>
  );
};

export default SetupPage;
