import { Link } from 'react-router-dom';
import { linkClass } from './legal-layout';

const ContactPage = () => (
  <article className="mx-auto max-w-3xl space-y-4 text-stone-700 dark:text-stone-200">
    <h1 className="text-3xl font-bold text-stone-900 dark:text-stone-50">Contact</h1>
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
      <Link to="/about" className={linkClass}>
        About Boon
      </Link>
    </p>
  </article>
);

export default ContactPage;
