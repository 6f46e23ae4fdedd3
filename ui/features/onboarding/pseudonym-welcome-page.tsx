import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DISCLOSURE_SEEN_KEY, WELCOME_SEEN_KEY, writeLocal } from '../../lib/device-identity';
import { fetchDevicePseudonym } from './api/registration';

/** Shows the device's pseudonym; Enter records that the welcome and disclosure were seen. */
const PseudonymWelcomePage = () => {
  const navigate = useNavigate();
  const [pseudonym, setPseudonym] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let cancelled = false;
    fetchDevicePseudonym()
      .then(({ pseudonym: name }) => {
        if (!cancelled) setPseudonym(name);
      })
      .catch((error: unknown) => console.warn('Could not load the pseudonym', error))
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  const handleEnter = () => {
    writeLocal(WELCOME_SEEN_KEY, 'true');
    writeLocal(DISCLOSURE_SEEN_KEY, 'true');
    navigate('/home');
  };
  return (
    <section className="mx-auto max-w-lg py-4 text-center sm:py-10">
      <Card tone="raised" padding="lg">
        <h1 className="font-serif text-headline font-semibold tracking-tight">Your pseudonym</h1>
        <p
          className="mt-6 rounded-lg bg-accent-soft px-4 py-6 font-serif text-display font-semibold text-accent-ink"
          aria-live="polite"
        >
          {loading ? 'Loading...' : (pseudonym ?? 'Not registered yet')}
        </p>
        <p className="mt-6 text-ink-muted">
          Your pseudonym is permanently tied to this device and used for all your responses and
          interactions, keeping your identity consistent while protecting your privacy.
        </p>
        <p className="mt-3 text-ink-muted">
          It is the only name others see. With a free account it comes with you to every device;
          only Fellow Travelers, the chat after a Mini journey, gives you a name of its own.
        </p>
        <Button className="mt-8 min-w-40" onClick={handleEnter} disabled={loading}>
          Enter
        </Button>
      </Card>
    </section>
  );
};

export default PseudonymWelcomePage;
