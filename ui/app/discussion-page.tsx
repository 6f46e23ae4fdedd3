import { useEffect, useRef, useState, type ReactNode } from 'react';
import { OpinionMapPlace } from '../features/opinions/opinion-map-place';
import ResponsesPage from '../features/responses/responses-page';

/** Renders its content once its place comes within a screen of the viewport. */
const WhenNear = ({ children }: { children: ReactNode }) => {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={marker} />;
};

/**
 * A discussion: its answers (the responses feature), then where people stand (the opinions
 * feature), whose requests wait until the answers are drawn and the map's place is near: a long
 * discussion's first screen never waits for them. The map's own code comes only for a map there
 * is to draw (OpinionMapPlace).
 */
const DiscussionPage = () => (
  <ResponsesPage
    afterAnswers={(questionId) => (
      <WhenNear>
        <OpinionMapPlace questionId={questionId} />
      </WhenNear>
    )}
  />
);

export default DiscussionPage;
