import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MiniIcon } from '../../components/ui/icons';
import { PSEUDONYM_KEY, readLocal } from '../../lib/device-identity';
import { useAuth } from '../../lib/session';

/** Mini needs a signed-in account. `undefined` while the session is still being read. */
export const useSessionState = (): boolean | undefined => {
  const { loading, session } = useAuth();
  return loading && !session ? undefined : session !== null;
};

/**
 * Mini without an account: said in place, not a silent trip to the sign-in page. What a
 * journey is, why it needs a free account, that the person's pseudonym comes with them, and
 * the way to make one (or sign in).
 */
export const AccountNeeded = () => {
  const pseudonym = readLocal(PSEUDONYM_KEY);
  return (
    <Card tone="raised" padding="lg" as="section" aria-labelledby="account-needed">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
        <MiniIcon aria-hidden="true" className="size-6" />
      </span>
      <h2 id="account-needed" className="mt-4 font-serif text-title font-semibold">
        Journeys need a free account
      </h2>
      <p className="mt-2 text-ink-muted">
        A Mini journey walks one branching dilemma, choice by choice, to the moral archetype your
        path reveals, then opens a chat with the others who reached it today. Your results are kept
        with an account, so you can see them on any device.
      </p>
      <p className="mt-2 text-ink-muted">
        {pseudonym
          ? `You keep your pseudonym, ${pseudonym}: the account takes it on, with your answers.`
          : 'The pseudonym you choose stays yours: the account takes it on, with your answers.'}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/auth" state={{ mode: 'signup' }}>
          Create a free account
        </ButtonLink>
        <ButtonLink to="/auth" variant="secondary">
          Sign in
        </ButtonLink>
      </div>
    </Card>
  );
};
