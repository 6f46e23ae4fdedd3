import { BookOpenText, Library, NotebookText } from 'lucide-react';
import { LinkCard } from '../../../components/ui/link-card';

/** Where a person's own history lives: from the profile, where they would look for it. */
export const HistoryLinks = () => (
  <section aria-labelledby="history-links" className="mt-10">
    <h2 id="history-links" className="mb-3 font-serif text-title font-semibold">
      Your history
    </h2>
    <div className="grid gap-3 sm:grid-cols-3">
      <LinkCard
        to="/my-responses"
        title="My Responses"
        text="Every answer you gave, newest first; delete one here."
        Icon={NotebookText}
      />
      <LinkCard
        to="/my-journey"
        title="My Journey"
        text="Every question so far, by topic, with what you made of it."
        Icon={BookOpenText}
      />
      <LinkCard
        to="/questions/archive"
        title="All questions"
        text="The questions asked so far, the ones you answered marked."
        Icon={Library}
      />
    </div>
  </section>
);
