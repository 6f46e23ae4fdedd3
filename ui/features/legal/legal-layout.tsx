import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';

export const linkClass = 'link';

/** A document to read: a comfortable measure, serif headings, the date it was last changed. */
export const LegalArticle = ({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) => (
  <article className="mx-auto max-w-2xl">
    <PageHeader title={title} description={<span className="text-small">{updated}</span>} />
    <div className="space-y-8 text-body leading-relaxed">{children}</div>
  </article>
);

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-3">
    <h2 className="font-serif text-title font-semibold">{title}</h2>
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
