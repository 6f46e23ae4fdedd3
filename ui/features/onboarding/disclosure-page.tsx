import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { DISCLOSURE_SEEN_KEY, writeLocal } from '../../lib/device-identity';

/** Terms and consent: the policy opens in a new tab; Continue records that it was shown. */
const DisclosurePage = () => {
  const navigate = useNavigate();
  const handleContinue = () => {
    writeLocal(DISCLOSURE_SEEN_KEY, 'true');
    navigate('/home');
  };
  return (
    <section className="mx-auto max-w-lg py-10">
      <h1 className="text-3xl font-bold">Before you begin</h1>
      <p className="mt-4 text-stone-700 dark:text-stone-200">
        Boon keeps you anonymous behind a pseudonym. Your answers are public under that name; your
        journal stays private. Please read how we handle your data and the rules for taking part.
      </p>
      <p className="mt-4">
        <a
          href="/privacy"
          target="_blank"
          rel="noopener noreferrer"
          className="text-amber-800 underline dark:text-amber-400"
        >
          Terms &amp; Privacy Policy
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <Button className="mt-8" onClick={handleContinue}>
        Continue
      </Button>
    </section>
  );
};

export default DisclosurePage;
