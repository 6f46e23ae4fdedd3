import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { PSEUDONYM_KEY, REGISTERED_KEY, writeLocal } from '../../lib/device-identity';
import { generatePseudonyms, localPseudonyms, registerDevice } from './api/registration';

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
    mutationFn: registerDevice,
    onSuccess: ({ pseudonym }) => {
      writeLocal(PSEUDONYM_KEY, pseudonym);
      writeLocal(REGISTERED_KEY, 'true');
      toast({
        title: 'Welcome to the product!',
        description: `Your journey begins as ${pseudonym}`,
      });
      setTimeout(() => navigate('/home'), 100);
    },
    onError: () => {
      toast({
        title: 'Setup Error',
        description: 'There was an issue setting up your account. Please try again.',
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: ['pseudonym-options'] });
      setSelected(null);
    },
  });

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
          disabled={busy || !selected}
          aria-disabled={busy || !selected}
        >
          {register.isPending ? 'Beginning journey...' : 'Begin Journey'}
        </Button>
      </div>
    </section>
  );
};

export default SetupPage;
