import { Link } from 'react-router-dom';
import { ContactLine, LegalArticle, linkClass, Section } from './legal-layout';

/** The short page the consent screen opens: the essentials of both documents. */
const PrivacyPage = () => (
  <LegalArticle title="Privacy & Terms" updated="Last updated: December 2024">
    <Section title="What we collect">
      <p>
        A random identifier for your device, the pseudonym you pick, and what you write. If you
        create an account, your email (encrypted) and a hash of your password.
      </p>
    </Section>
    <Section title="How we use it">
      <p>
        To run the daily question, your streaks and your history, and, in anonymised and aggregated
        form only, to understand how the community’s views change.
      </p>
    </Section>
    <Section title="Your choices">
      <p>
        Your journal is private. You can turn off Show Activity in Settings, decline consent, or ask
        us to delete your data.
      </p>
    </Section>
    <Section title="Taking part">
      <p>
        Be 13 or older, disagree respectfully, and keep personal information out of your answers.
      </p>
    </Section>
    <Section title="Contact">
      <ContactLine />
    </Section>
    <p>
      The full documents:{' '}
      <Link to="/privacy-policy" className={linkClass}>
        Privacy Policy
      </Link>{' '}
      and{' '}
      <Link to="/terms-of-use" className={linkClass}>
        Terms of Use
      </Link>
      .
    </p>
  </LegalArticle>
);

export default PrivacyPage;
