import { Link } from 'react-router-dom';

export const LinkCard = ({ to, title, text }: { to: string; title: string; text: string }) => (
  <Link
    to={to}
    className="block rounded-lg border border-stone-300 bg-white p-4 hover:border-amber-600 dark:border-stone-700 dark:bg-stone-900"
  >
    <span className="block font-semibold">{title}</span>
    <span className="mt-1 block text-sm text-stone-600 dark:text-stone-300">{text}</span>
  </Link>
);

/** The three 'Explore More' cards shown on Home and under today's responses. */
export const ExploreMore = () => (
  <section aria-labelledby="explore-more" className="mt-8">
    <h2 id="explore-more" className="mb-3 text-lg font-semibold">
      Explore More
    </h2>
    <div className="grid gap-3 sm:grid-cols-3">
      <LinkCard
        to="/mini"
        title="Mini Dilemmas"
        text="Walk a branching dilemma and meet your archetype."
      />
      <LinkCard
        to="/archive"
        title="Question Archive"
        text="Revisit past questions and what people said."
      />
      <LinkCard to="/my-responses" title="My Journey" text="Your own answers, day by day." />
    </div>
  </section>
);
