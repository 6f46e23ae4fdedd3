import type { OpinionAnswerDto, OpinionMapDto } from '../../../../domain/contracts/opinions';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { GroupMark } from './group-mark';
import { NamedAnswer } from './named-answer';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A card per group: its size, and the answers it echoes more than everyone else does. */
export const GroupCards = ({
  map,
  answers,
}: {
  map: OpinionMapDto;
  answers: ReadonlyMap<string, OpinionAnswerDto> | undefined;
}) => (
  <section aria-labelledby="opinion-groups" className="flex flex-col gap-3">
    <h2 id="opinion-groups" className="text-title font-semibold">
      What each group echoes
    </h2>
    <div className="grid gap-4 lg:grid-cols-2">
      {map.groups.map((group) => (
        <Card
          key={group.id}
          as="section"
          aria-labelledby={`opinion-group-${group.id}`}
          className="flex flex-col gap-3"
        >
          <header className="flex flex-wrap items-center gap-2">
            <GroupMark group={group.id} />
            <h3 id={`opinion-group-${group.id}`} className="text-title font-semibold">
              Group {group.id}
            </h3>
            <span className="text-small text-ink-muted">
              {group.size} {group.size === 1 ? 'person' : 'people'}
            </span>
            {map.you?.group === group.id && <Badge tone="accent">You are closest</Badge>}
          </header>
          {group.representative.length === 0 ? (
            <p className="text-ink-muted">No answer sets this group apart yet.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={`What sets group ${group.id} apart`}>
              {group.representative.map(({ responseId, agree }) => (
                <NamedAnswer
                  key={responseId}
                  answer={answers?.get(responseId)}
                  context={`About ${percent(agree)} of group ${group.id} echo it, more than others do`}
                />
              ))}
            </ul>
          )}
        </Card>
      ))}
    </div>
  </section>
);
