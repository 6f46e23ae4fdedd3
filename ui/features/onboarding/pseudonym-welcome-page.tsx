import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
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
    <section className="mx-auto max-w-lg py-10 text-center">
      <h1 className="text-3xl font-bold">Your pseudonym</h1>
      <p
        className="mt-6 text-4xl font-semibold text-amber-800 dark:text-amber-400"
        aria-live="polite"
      >
        {loading ? 'Loading...' : (pseudonym ?? 'Not registered yet')}
      </p>
      <p className="mt-6 text-stone-700 dark:text-stone-200">
        Your pseudonym is permanently tied to this device and used for all your responses and
        interactions, keeping your identity consistent while protecting your privacy.
      </p>
      <Button className="mt-8" onClick={handleEnter} disabled={loading}>
        Enter
      </Button>
    </section>
  );
};

export default PseudonymWelcomePage;
