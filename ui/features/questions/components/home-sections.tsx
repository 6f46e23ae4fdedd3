import { useQuery } from '@tanstack/react-query';
import { ExternalLink, HeartHandshake, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { resourcesQuery } from '../api/responding';

export const RelatedResources = ({ questionId }: { questionId: number }) => {
  const { data } = useQuery(resourcesQuery(questionId));
  if (!data?.length) return null;
  return (
    <section aria-labelledby="resources" className="mt-10">
      <h2 id="resources" className="mb-3 font-serif text-title font-semibold">
        Related Resources
      </h2>
      <ul className="grid gap-3">
        {data.map((resource) => (
          <li key={resource.id}>
            <Card padding="sm" className="px-4">
              <a
                href={resource.link}
                target="_blank"
                rel="noreferrer"
                className="link inline-flex items-center gap-1.5 font-medium"
              >
                {resource.title}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <p className="mt-1 text-small text-ink-muted">{resource.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
};

export const AboutAndPrivacy = () => (
  <div className="mt-10 grid gap-4 sm:grid-cols-2">
    <Card as="section" aria-labelledby="about">
      <h2 id="about" className="flex items-center gap-2 font-semibold">
        <HeartHandshake aria-hidden="true" className="size-5 text-accent-ink" />
        About
      </h2>
      <p className="mt-2 text-small text-ink-muted">
        Boon invites one thoughtful question a day and a community that answers with care. We value
        inclusivity, respect and growth.
      </p>
    </Card>
    <Card as="section" aria-labelledby="privacy">
      <h2 id="privacy" className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent-ink" />
        Privacy & Security
      </h2>
      <p className="mt-2 text-small text-ink-muted">
        You take part under a pseudonym. Read how we handle your data:
      </p>
      <p className="mt-2 flex gap-4 text-small">
        <Link to="/privacy-policy" className="link">
          Privacy Policy
        </Link>
        <Link to="/terms-of-use" className="link">
          Terms of Use
        </Link>
      </p>
    </Card>
  </div>
);
