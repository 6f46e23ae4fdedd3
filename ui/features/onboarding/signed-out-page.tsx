import { LogOut } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export type SignedOutState = { name?: string | null };

/**
 * Where signing out lands: it says what happened to the identity (it stays with the account),
 * and offers the two ways on, rather than dropping the person on a pseudonym picker.
 */
const SignedOutPage = () => {
  const name = (useLocation().state as SignedOutState | null)?.name ?? null;
  return (
    <section className="mx-auto max-w-lg py-4 sm:py-10">
      <Card tone="raised" padding="lg">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
          <LogOut aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 font-serif text-headline font-semibold tracking-tight">
          You’re signed out
        </h1>
        <p className="mt-4 text-ink-muted">
          {name ? (
            <>
              This browser no longer takes part as <strong className="text-ink">{name}</strong>.
            </>
          ) : (
            'This browser no longer takes part under your pseudonym.'
          )}{' '}
          Your pseudonym, answers, journal and journeys stay with your account: sign in on any
          device to carry on as yourself.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/auth">Sign in again</ButtonLink>
          <ButtonLink to="/welcome" variant="secondary">
            Continue without an account
          </ButtonLink>
        </div>
      </Card>
    </section>
  );
};

export default SignedOutPage;
