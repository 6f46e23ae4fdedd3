import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ConsentQuestion } from '../../components/consent-banner';
import { Button } from '../../components/ui/button';
import { Form, SubmitButton } from '../../components/ui/form';
import { RetryIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { RadioCards } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { confirmAccount } from '../../lib/auth-api';
import { PSEUDONYM_KEY, readLocal, REGISTERED_KEY } from '../../lib/device-identity';
import { currentSession } from '../../lib/session';
import {
  generatePseudonyms,
  isPseudonymTaken,
  isUnreachable,
  localPseudonyms,
  pseudonymInstead,
  registerDevice,
  rememberRegistration,
} from './api/registration';

/** The device is registered but the account could not take its pseudonym: sign in again. */
class MetadataUpdateFailed extends Error {
  constructor(reason: unknown) {
    super(reason instanceof ApiError ? reason.detail : 'Account update failed');
  }
}

/** A chosen name someone else took first, and the one now offered (and selected) in its place. */
type OfferedInstead = { taken: string; offered: string };

/**
 * 'Enter Your Journey': one of three pseudonyms (the first already chosen), tied to this device
 * for good.
 */
const SetupPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useForm({ defaultValues: { pseudonym: '' } });
  const selected = useWatch({ control: form.control, name: 'pseudonym' });
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
  // The first name offered is chosen already (one tap fewer); any other is a tap away.
  const firstOffered = options.isFetching ? undefined : options.data?.[0];
  useEffect(() => {
    if (firstOffered && !form.getValues('pseudonym')) form.setValue('pseudonym', firstOffered);
  }, [firstOffered, form]);
  const [offeredInstead, setOfferedInstead] = useState<OfferedInstead | null>(null);
  const refused = useRef<string[]>([]);
  const choices = useRef<HTMLDivElement>(null);
  /**
   * The chosen name is someone else's by now: put another unused one in its place and select
   * it, but leave Begin to the person, who has not seen that name yet.
   */
  const offerInsteadOf = async (taken: string): Promise<boolean> => {
    refused.current.push(taken);
    const shown = options.data ?? [];
    const offered = await pseudonymInstead([...shown, ...refused.current]);
    if (!offered) return false;
    queryClient.setQueryData<string[]>(['pseudonym-options'], (names = []) =>
      names.map((name) => (name === taken ? offered : name)),
    );
    form.setValue('pseudonym', offered);
    setOfferedInstead({ taken, offered });
    return true;
  };
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
    onError: async (error, name) => {
      if (error instanceof MetadataUpdateFailed) {
        navigate('/auth');
        return;
      }
      if (isPseudonymTaken(error) && (await offerInsteadOf(name))) return;
      toast({
        title: 'Setup Error',
        description: 'There was an issue setting up your account. Please try again.',
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: ['pseudonym-options'] });
      form.reset();
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
    setOfferedInstead(null);
    form.reset();
    void options.refetch();
  };
  const handleBegin = async ({ pseudonym }: { pseudonym: string }) => {
    if (!pseudonym) {
      toast({
        title: 'Please Select a Pseudonym',
        description: 'Choose one of the three options to continue.',
        variant: 'destructive',
      });
      return;
    }
    await register.mutateAsync(pseudonym);
  };
  const busy = options.isFetching || register.isPending;

  // The name offered instead takes focus, so the line saying why is read beside it: once the
  // choices are enabled again (the refused registration is still settling when it is offered).
  useEffect(() => {
    if (!offeredInstead || busy) return;
    choices.current
      ?.querySelector<HTMLElement>(`[role="radio"][value="${CSS.escape(offeredInstead.offered)}"]`)
      ?.focus();
  }, [offeredInstead, busy]);

  return (
    <section className="mx-auto max-w-lg py-2 sm:py-6">
      <PageHeader
        title="Enter Your Journey"
        description="Your pseudonym is permanently tied to this device and used for all your responses and interactions, keeping your identity consistent while protecting your privacy."
      />
      <Form
        form={form}
        onSubmit={handleBegin}
        // Registering says itself how it went: a welcome, or what to do next.
        onFailure={() => undefined}
        footer={
          <div className="mt-6 flex flex-wrap gap-3">
            <Button variant="secondary" onClick={handleNewOptions} disabled={busy}>
              <RetryIcon aria-hidden="true" />
              New Options
            </Button>
            <SubmitButton
              control={form.control}
              pending="Beginning journey..."
              className="flex-1"
              // Without a choice it looks and reads disabled but still explains itself when pressed.
              disabled={busy}
              aria-disabled={!selected || undefined}
            >
              Begin Journey
            </SubmitButton>
          </div>
        }
      >
        <fieldset disabled={busy}>
          <legend id="pseudonym-choice" className="mb-3 font-semibold">
            Choose your pseudonym
          </legend>
          {options.isFetching ? (
            <div role="status" className="grid gap-2">
              <span className="sr-only">Loading options...</span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 rounded-lg" />
              ))}
            </div>
          ) : (
            <div ref={choices}>
              <Controller
                control={form.control}
                name="pseudonym"
                render={({ field }) => (
                  <RadioCards
                    aria-labelledby="pseudonym-choice"
                    options={(options.data ?? []).map((name) => ({ value: name, label: name }))}
                    value={field.value || null}
                    onValueChange={field.onChange}
                  />
                )}
              />
            </div>
          )}
          <p role="status" className={offeredInstead ? 'mt-3 text-small' : undefined}>
            {offeredInstead &&
              `${offeredInstead.taken} was just taken, so ${offeredInstead.offered} is offered instead.`}
          </p>
        </fieldset>
        <ConsentQuestion className="mt-6" />
      </Form>
    </section>
  );
};

export default SetupPage;
