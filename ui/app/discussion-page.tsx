import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import ResponsesPage from '../features/responses/responses-page';
import { lazyComponent } from '../lib/lazy-component';

// The opinion map's code (and recharts with it) is its own chunk, asked for after the answers.
const OpinionMapSection = lazyComponent(
  () => import('../features/opinions/opinion-map-section'),
).Component;

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
 * feature), whose code and requests wait until the answers are drawn and the map's place is
 * near: a long discussion's first screen never waits for them.
 */
const DiscussionPage = () => (
  <ResponsesPage
    afterAnswers={(questionId) => (
      <WhenNear>
        <Suspense fallback={null}>
          <OpinionMapSection questionId={questionId} />
        </Suspense>
      </WhenNear>
    )}
  />
);

export default DiscussionPage;
