import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export const linkClass = 'text-amber-800 underline dark:text-amber-400';

export const LegalArticle = ({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) => (
  <article className="mx-auto max-w-3xl space-y-6 text-stone-700 dark:text-stone-200">
    <header>
      <h1 className="text-3xl font-bold text-stone-900 dark:text-stone-50">{title}</h1>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">{updated}</p>
    </header>
    {children}
  </article>
);

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-3">
    <h2 className="text-xl font-semibold text-stone-900 dark:text-stone-50">{title}</h2>
    {children}
  </section>
);

export const ContactLine = () => (
  <p>
    Write to us through the{' '}
    <Link to="/contact" className={linkClass}>
      contact page
    </Link>
    . We answer every request, including requests to see, correct or delete your data, within 30
    days.
  </p>
);
