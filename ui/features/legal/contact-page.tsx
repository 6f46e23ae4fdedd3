import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { Mail, NoAddress, SelfService, WithContact } from './components/contact-lines';
import { linkClass } from './legal-layout';

/** /contact: the operator's addresses as configured, or, without any, what to do instead. */
const ContactPage = () => (
  <article className="mx-auto max-w-2xl space-y-4">
    <PageHeader title="Contact" />
    <WithContact>
      {({ email, privacyEmail }) =>
        email || privacyEmail ? (
          <>
            {email && (
              <p>
                Questions, ideas or a problem with Boon: write to <Mail address={email} />.
              </p>
            )}
            {privacyEmail && (
              <p>
                Privacy requests (to see, correct or delete your data): write to{' '}
                <Mail address={privacyEmail} /> and include your pseudonym. We answer every request
                within 30 days.
              </p>
            )}
            <p>
              <SelfService />
            </p>
          </>
        ) : (
          <NoAddress />
        )
      }
    </WithContact>
    <p>
      <Link to="/about" className={`${linkClass} inline-flex min-h-11 items-center`}>
        About Boon
      </Link>
    </p>
  </article>
);

export default ContactPage;
