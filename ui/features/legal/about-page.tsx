import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Tabs } from '../../components/ui/tabs';
import { linkClass } from './legal-layout';

const FEATURES = [
  {
    title: 'Daily questions',
    text: 'One ethical question each day, chosen to be open-ended and worth a few minutes of honest thought.',
  },
  {
    title: 'Community wisdom',
    text: 'Read how others answered, echo what moves you, and reply to see a question from another side.',
  },
  {
    title: 'Personal growth',
    text: 'Streaks, badges and a private journal help you notice how your own thinking changes.',
  },
];

const VALUES = [
  { title: 'Inclusivity', text: 'Every sincere perspective has a place here.' },
  { title: 'Respect', text: 'We disagree with ideas, never with people’s worth.' },
  { title: 'Growth', text: 'Changing your mind is a success, not a defeat.' },
];

const cardClass = 'rounded-lg border border-stone-200 p-4 dark:border-stone-700';

const AboutTab = () => (
  <div className="space-y-8">
    <div className="grid gap-4 sm:grid-cols-3">
      {FEATURES.map((feature) => (
        <section key={feature.title} className={cardClass}>
          <h2 className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            {feature.title}
          </h2>
          <p className="mt-2">{feature.text}</p>
        </section>
      ))}
    </div>
    <section>
      <h2 className="text-xl font-semibold text-stone-900 dark:text-stone-50">Our mission</h2>
      <p className="mt-2">
        Boon makes room for slow, kind thinking about hard questions. Anonymous by default, so
        people can say what they actually think; in community, so they hear what others think too.
      </p>
    </section>
    <section>
      <h2 className="text-xl font-semibold text-stone-900 dark:text-stone-50">Our values</h2>
      <ul className="mt-2 space-y-2">
        {VALUES.map((value) => (
          <li key={value.title}>
            <strong>{value.title}.</strong> {value.text}
          </li>
        ))}
      </ul>
    </section>
  </div>
);

const PrivacyTab = () => (
  <div className="space-y-3">
    <p>
      You take part under a pseudonym tied to your device; we never show your device identifier,
      email or journal to anyone. Your answers are public under your pseudonym. Your journal is
      private. An account is optional, and its email is stored encrypted. We analyse answers in
      anonymised, aggregated form to chart how views change.
    </p>
    <p>
      <Link to="/privacy-policy" className={linkClass}>
        Read the full Privacy Policy
      </Link>
    </p>
  </div>
);

const AboutPage = () => {
  const [tab, setTab] = useState<'about' | 'privacy'>('about');
  return (
    <article className="mx-auto max-w-3xl space-y-6 text-stone-700 dark:text-stone-200">
      <h1 className="text-3xl font-bold text-stone-900 dark:text-stone-50">About Boon</h1>
      <Tabs
        label="About Boon"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'about', label: 'About', content: <AboutTab /> },
          { key: 'privacy', label: 'Privacy', content: <PrivacyTab /> },
        ]}
      />
    </article>
  );
};

export default AboutPage;
