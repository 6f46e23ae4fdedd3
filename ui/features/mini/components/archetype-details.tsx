import type { ArchetypeDto } from '../../../../domain/contracts/mini';
import { Badge } from '../../../components/ui/badge';

/** An archetype: name, description, worldview quote, core values and approach. */
export const ArchetypeDetails = ({ archetype }: { archetype: ArchetypeDto }) => (
  <>
    <h2 className="font-serif text-title font-semibold">{archetype.name}</h2>
    <p className="mt-3 leading-relaxed">{archetype.description}</p>
    {archetype.worldview && (
      <blockquote className="mt-4 border-l-4 border-accent pl-4 font-serif italic">
        “{archetype.worldview}”
      </blockquote>
    )}
    {archetype.coreValues.length > 0 && (
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Core values">
        {archetype.coreValues.map((value) => (
          <li key={value}>
            <Badge tone="accent">{value}</Badge>
          </li>
        ))}
      </ul>
    )}
    {archetype.approach && <p className="mt-4 text-ink-muted">{archetype.approach}</p>}
  </>
);
