import { BadgeCheck, SearchCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { matchClaim } from '../fact-check/claims';
import type * as EvidenceModule from '../fact-check/evidence';
import type { Evidence } from '../fact-check/evidence';

let evidenceLoad: Promise<typeof EvidenceModule> | null = null;

/** The explanations and sources, fetched once, when the first note on a page needs them. */
const loadEvidence = () =>
  (evidenceLoad ??= import('../fact-check/evidence').catch((error: unknown) => {
    evidenceLoad = null; // a later note (or this one, reopened) may try again
    throw error;
  }));

/** A note when a response touches a well-known claim: what the evidence says, with sources. */
export const FactCheckNote = ({ text }: { text: string }) => {
  const [open, setOpen] = useState(false);
  const [evidence, setEvidence] = useState<Evidence | 'failed' | null>(null);
  const claim = matchClaim(text);
  const claimId = claim?.id;
  const wanted = claimId !== undefined && (evidence === null || (open && evidence === 'failed'));

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadEvidence().then(
      (module) => current && setEvidence(module.evidence[claimId]),
      () => current && setEvidence('failed'),
    );
    return () => {
      current = false;
    };
  }, [wanted, claimId]);

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
      {open &&
        (evidence === null ? (
          <p className="mt-2" role="status">
            Loading the evidence…
          </p>
        ) : evidence === 'failed' ? (
          <p className="mt-2" role="status">
            The evidence could not be loaded. Check your connection and try again.
          </p>
        ) : (
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
        ))}
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
