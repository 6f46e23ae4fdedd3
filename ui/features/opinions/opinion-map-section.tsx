import { Skeleton } from '../../components/ui/skeleton';
import { useOpinionAnswers } from './api/get-opinion-answers';
import { useOpinionMap } from './api/get-opinion-map';
import { CommonGround } from './components/common-ground';
import { GroupCards } from './components/group-cards';
import { WherePeopleStand } from './components/where-people-stand';

/**
 * A discussion's opinion map (issue 42): where people stand, the common ground, and what each
 * group echoes more than the others. Its code and its two requests come after the answers.
 * A map that cannot load says nothing: the discussion is whole without it.
 */
const OpinionMapSection = ({ questionId }: { questionId: number }) => {
  const map = useOpinionMap(questionId);
  const answers = useOpinionAnswers(questionId);
  if (map.isPending) {
    return (
      <div role="status" className="mt-10">
        <span className="sr-only">Loading where people stand…</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (map.isError) return null;
  return (
    <div className="mt-10 flex flex-col gap-8" data-opinion-map>
      <WherePeopleStand map={map.data} />
      {map.data.status === 'ready' && (
        <>
          <CommonGround map={map.data} answers={answers.data} />
          <GroupCards map={map.data} answers={answers.data} />
        </>
      )}
    </div>
  );
};

export default OpinionMapSection;
