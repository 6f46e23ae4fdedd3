import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { linkClass } from './legal-layout';

const ContactPage = () => (
  <article className="mx-auto max-w-2xl space-y-4">
    <PageHeader title="Contact" />
    <p>
      Questions, ideas or a problem with Boon: write to{' '}
      <a href="mailto:hello@boon.example" className={linkClass}>
        hello@boon.example
      </a>
      .
    </p>
    <p>
      Privacy requests (to see, correct or delete your data): write to{' '}
      <a href="mailto:privacy@boon.example" className={linkClass}>
        privacy@boon.example
      </a>{' '}
      and include your pseudonym. We answer every request within 30 days.
    </p>
    <p>
      <Link to="/about" className={`${linkClass} inline-flex min-h-11 items-center`}>
        About Boon
      </Link>
    </p>
  </article>
);

export default ContactPage;
