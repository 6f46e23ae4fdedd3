import {
  OPINION_COMMON_GROUND_SHOWN,
  type OpinionAnswerDto,
  type OpinionMapDto,
} from '../../../../domain/contracts/opinions';
import { Card } from '../../../components/ui/card';
import { NamedAnswer } from './named-answer';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "Common ground": the answers every group leans to echo, best first (up to three). */
export const CommonGround = ({
  map,
  answers,
}: {
  map: OpinionMapDto;
  answers: ReadonlyMap<string, OpinionAnswerDto> | undefined;
}) => {
  const shown = map.consensus.slice(0, OPINION_COMMON_GROUND_SHOWN);
  return (
    <section aria-labelledby="common-ground" className="flex flex-col gap-3">
      <h2 id="common-ground" className="text-title font-semibold">
        Common ground
      </h2>
      <Card>
        {shown.length === 0 ? (
          <p className="text-ink-muted">No answer is echoed by most of every group yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {shown.map(({ responseId, score }) => (
              <NamedAnswer
                key={responseId}
                answer={answers?.get(responseId)}
                context={`Echoed across every group (consensus ${percent(score)})`}
              />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
};
