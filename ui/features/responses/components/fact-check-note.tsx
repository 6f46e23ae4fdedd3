import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, SearchCheck } from 'lucide-react';
import { useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { matchClaim } from '../fact-check/claims';

/**
 * The explanations and sources, a chunk of their own: loaded once, when the first note on a
 * page needs them (most pages have none), and shared by every note.
 */
const evidenceQuery = {
  queryKey: queryKeys.factCheckEvidence,
  queryFn: () => import('../fact-check/evidence').then((module) => module.evidence),
  staleTime: Infinity,
};

/** A note when a response touches a well-known claim: what the evidence says, with sources. */
export const FactCheckNote = ({ text }: { text: string }) => {
  const [open, setOpen] = useState(false);
  const claim = matchClaim(text);
  const evidenceOf = useQuery({ ...evidenceQuery, enabled: claim !== null });

  if (!claim) return null;
  const verified = claim.verdict === 'verified';
  const evidence = evidenceOf.data?.[claim.id];
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
      {open &&
        (evidence ? (
          <>
            <p className="mt-2">{evidence.explanation}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {evidence.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} target="_blank" rel="noreferrer" className="link">
                    {source.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-2" role="status">
            {evidenceOf.isError
              ? 'The evidence could not be loaded. Check your connection and try again.'
              : 'Loading the evidence…'}
          </p>
        ))}
      <button
        type="button"
        onClick={() => {
          if (!open && evidenceOf.isError) void evidenceOf.refetch();
          setOpen(!open);
        }}
        aria-expanded={open}
        className="link mt-1 inline-flex min-h-6 items-center font-medium"
      >
        {open ? 'Show less' : 'Learn more'}
      </button>
    </aside>
  );
};
