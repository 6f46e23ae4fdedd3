import type { OpinionMapDto } from '../../../domain/contracts/opinions';
import { useOpinionAnswers } from './api/get-opinion-answers';
import { CommonGround } from './components/common-ground';
import { GroupCards } from './components/group-cards';
import { WherePeopleStand } from './components/where-people-stand';

/**
 * A discussion's opinion map once there is one to draw (issue 42): where people stand, the
 * common ground, and what each group echoes more than the others. Its own chunk, asked for by
 * OpinionMapPlace only for a map that is ready.
 */
const OpinionMapSection = ({ questionId, map }: { questionId: number; map: OpinionMapDto }) => {
  const answers = useOpinionAnswers(questionId);
  return (
    <div className="mt-10 flex flex-col gap-8" data-opinion-map>
      <WherePeopleStand map={map} />
      {map.status === 'ready' && (
        <>
          <CommonGround map={map} answers={answers.data} />
          <GroupCards map={map} answers={answers.data} />
        </>
      )}
    </div>
  );
};

export default OpinionMapSection;
