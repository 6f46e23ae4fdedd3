import { CalendarDays, Sprout, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { linkClass } from './legal-layout';

const FEATURES = [
  {
    Icon: CalendarDays,
    title: 'Daily questions',
    text: 'One ethical question each day, chosen to be open-ended and worth a few minutes of honest thought.',
  },
  {
    Icon: Users,
    title: 'Community wisdom',
    text: 'Read how others answered, echo what moves you, and reply to see a question from another side.',
  },
  {
    Icon: Sprout,
    title: 'Personal growth',
    text: 'Streaks, badges and a private journal help you notice how your own thinking changes.',
  },
];

const VALUES = [
  { title: 'Inclusivity', text: 'Every sincere perspective has a place here.' },
  { title: 'Respect', text: 'We disagree with ideas, never with people’s worth.' },
  { title: 'Growth', text: 'Changing your mind is a success, not a defeat.' },
];

const AboutTab = () => (
  <div className="space-y-10">
    <div className="grid gap-4 sm:grid-cols-3">
      {FEATURES.map(({ Icon, title, text }) => (
        <Card as="section" key={title}>
          <span className="flex size-10 items-center justify-center rounded-md bg-accent-soft text-accent-ink">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h2 className="mt-3 font-semibold">{title}</h2>
          <p className="mt-1 text-small text-ink-muted">{text}</p>
        </Card>
      ))}
    </div>
    <section>
      <h2 className="font-serif text-title font-semibold">Our mission</h2>
      <p className="mt-2 font-serif text-reading">
        Boon makes room for slow, kind thinking about hard questions. Anonymous by default, so
        people can say what they actually think; in community, so they hear what others think too.
      </p>
    </section>
    <section>
      <h2 className="font-serif text-title font-semibold">Our values</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {VALUES.map((value) => (
          <li key={value.title} className="border-l-4 border-accent pl-3">
            <strong className="block">{value.title}</strong>
            <span className="text-small text-ink-muted">{value.text}</span>
          </li>
        ))}
      </ul>
    </section>
  </div>
);

const PrivacyTab = () => (
  <div className="max-w-2xl space-y-3">
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
    <article className="mx-auto max-w-4xl">
      <PageHeader title="About Boon" description="Thoughtful Dialogue • Ethical Exploration" />
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
