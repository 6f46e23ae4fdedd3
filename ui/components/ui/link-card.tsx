import type { LucideIcon } from 'lucide-react';
import { ArrowRight, BookOpenText, Compass, Library } from 'lucide-react';
import { Link } from 'react-router-dom';

export const LinkCard = ({
  to,
  title,
  text,
  Icon,
}: {
  to: string;
  title: string;
  text: string;
  Icon: LucideIcon;
}) => (
  <Link
    to={to}
    className="group flex h-full items-start gap-3 rounded-lg border border-line bg-surface p-4 shadow-card transition-colors hover:border-accent"
  >
    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-ink">
      <Icon aria-hidden="true" className="size-5" />
    </span>
    <span className="min-w-0 flex-1">
      <span className="flex items-center gap-1 font-semibold">
        {title}
        <ArrowRight
          aria-hidden="true"
          className="size-4 text-ink-muted transition-transform group-hover:translate-x-0.5"
        />
      </span>
      <span className="mt-0.5 block text-small text-ink-muted">{text}</span>
    </span>
  </Link>
);

/** The three 'Explore More' cards shown on Home and under today's responses. */
export const ExploreMore = () => (
  <section aria-labelledby="explore-more" className="mt-10">
    <h2 id="explore-more" className="mb-3 font-serif text-title font-semibold">
      Explore More
    </h2>
    <div className="grid gap-3 sm:grid-cols-3">
      <LinkCard
        to="/mini"
        title="Mini Dilemmas"
        text="Walk a branching dilemma and meet your archetype."
        Icon={Compass}
      />
      <LinkCard
        to="/archive"
        title="Question Archive"
        text="Revisit past questions and what people said."
        Icon={Library}
      />
      <LinkCard
        to="/my-responses"
        title="My Journey"
        text="Your own answers, day by day."
        Icon={BookOpenText}
      />
    </div>
  </section>
);
