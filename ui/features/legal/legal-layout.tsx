import type { ReactNode } from 'react';
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

export { ContactLine } from './components/contact-lines';
