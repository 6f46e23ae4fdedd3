import { BadgeCheck, SearchCheck } from 'lucide-react';
import { useState } from 'react';
import { matchClaim } from '../fact-check/claims';

/** A note when a response touches a well-known claim: what the evidence says, with sources. */
export const FactCheckNote = ({ text }: { text: string }) => {
  const [open, setOpen] = useState(false);
  const claim = matchClaim(text);
  if (!claim) return null;
  const verified = claim.verdict === 'verified';
  return (
    <aside
      aria-label={verified ? 'Fact Verified' : 'Fact Check'}
      className={`mt-3 rounded-md p-3 text-small ${verified ? 'bg-success-soft' : 'bg-caution-soft'}`}
    >
      <p
        className={`flex items-center gap-1.5 font-semibold ${verified ? 'text-success-ink' : 'text-caution-ink'}`}
      >
        {verified ? (
          <BadgeCheck aria-hidden="true" className="size-4" />
        ) : (
          <SearchCheck aria-hidden="true" className="size-4" />
        )}
        {verified ? 'Fact Verified' : 'Fact Check'}
      </p>
      <p className="mt-1">{claim.summary}</p>
      {open && (
        <>
          <p className="mt-2">{claim.explanation}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {claim.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel="noreferrer" className="link">
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="link mt-1 inline-flex min-h-6 items-center font-medium"
      >
        {open ? 'Show less' : 'Learn more'}
      </button>
    </aside>
  );
};
