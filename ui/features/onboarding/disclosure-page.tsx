import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DISCLOSURE_SEEN_KEY, writeLocal } from '../../lib/device-identity';

/** Terms and consent: the policy opens in a new tab; Continue records that it was shown. */
const DisclosurePage = () => {
  const navigate = useNavigate();
  const handleContinue = () => {
    writeLocal(DISCLOSURE_SEEN_KEY, 'true');
    navigate('/home');
  };
  return (
    <section className="mx-auto max-w-lg py-4 sm:py-10">
      <Card tone="raised" padding="lg">
        <ShieldCheck aria-hidden="true" className="size-10 text-accent-ink" />
        <h1 className="mt-4 font-serif text-headline font-semibold tracking-tight">
          Before you begin
        </h1>
        <p className="mt-4 text-lead text-ink-muted">
          Boon keeps you anonymous behind a pseudonym. Your answers are public under that name; your
          journal stays private. Please read how we handle your data and the rules for taking part.
        </p>
        <p className="mt-4">
          <a
            href="/privacy"
            target="_blank"
            rel="noopener noreferrer"
            className="link inline-flex items-center gap-1.5"
          >
            Terms &amp; Privacy Policy
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <Button className="mt-8 w-full sm:w-auto" onClick={handleContinue}>
          Continue
        </Button>
      </Card>
    </section>
  );
};

export default DisclosurePage;
