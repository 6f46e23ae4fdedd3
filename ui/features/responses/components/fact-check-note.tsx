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
      className={`mt-3 rounded-md border p-2 text-sm ${
        verified
          ? 'border-green-700 bg-green-50 dark:bg-green-950'
          : 'border-amber-700 bg-amber-50 dark:bg-amber-950'
      }`}
    >
      <p className="font-semibold">{verified ? 'Fact Verified' : 'Fact Check'}</p>
      <p>{claim.summary}</p>
      {open && (
        <>
          <p className="mt-1">{claim.explanation}</p>
          <ul className="mt-1 list-disc pl-5">
            {claim.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel="noreferrer" className="underline">
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
        className="mt-1 underline"
      >
        {open ? 'Show less' : 'Learn more'}
      </button>
    </aside>
  );
};
