import { Link } from 'react-router-dom';
import { useBrowserValue } from '../lib/hydration';

/** Places a person looks for at the foot of any page: the community's other rooms. */
const COMMUNITY: readonly [string, string][] = [
  ['/questions/archive', 'All questions'],
  ['/sentiment', 'Community sentiment'],
  ['/brainstorm', 'Brainstorm a question'],
  ['/mini-chat', 'Live chat'],
];
const LEGAL: readonly [string, string][] = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
  ['/contact', 'Contact'],
  ['/about', 'About'],
  ['/intro', 'Introduction'],
];

const Links = ({ links }: { links: readonly [string, string][] }) =>
  links.map(([to, label]) => (
    <Link key={to} to={to} className="inline-flex min-h-11 items-center hover:text-ink">
      {label}
    </Link>
  ));

/** The year is the reader's, not the build's: it is filled in once the page is the browser's. */
const Copyright = () => {
  const year = useBrowserValue(() => new Date().getFullYear(), null);
  return <span className="ml-auto">{year === null ? '© Boon' : `© ${year} Boon`}</span>;
};

export const Footer = () => (
  <footer className="pb-tabbar border-t border-line pt-4 text-small text-ink-muted">
    <div className="mx-auto flex max-w-6xl flex-col px-4">
      <nav aria-label="Community" className="flex flex-wrap items-center gap-x-5">
        <Links links={COMMUNITY} />
      </nav>
      <nav aria-label="Legal" className="flex flex-wrap items-center gap-x-5">
        <Links links={LEGAL} />
        <Copyright />
      </nav>
    </div>
  </footer>
);
