import { ContactLine, LegalArticle, Section } from './legal-layout';

const PrivacyPolicyPage = () => (
  <LegalArticle title="Privacy Policy" updated="Last updated: 17 June 2025 · Version 1.0">
    <p>
      Boon is a place to think through one ethical question a day with other people. We built it so
      you can take part without telling us who you are. This policy explains what we keep, why, and
      what you can ask of us.
    </p>
    <Section title="Information we collect">
      <ul className="list-disc space-y-1 pl-6">
        <li>
          A random device identifier created in your browser. It works like a key: we store only a
          one-way fingerprint of it.
        </li>
        <li>The pseudonym you choose, which is tied to your device for good.</li>
        <li>Your answers, replies and echoes, which other people see under your pseudonym.</li>
        <li>Your journal entries, which are private to you and never shown to anyone else.</li>
        <li>
          If you create an account: your email address (stored encrypted) and a salted hash of your
          password. We never store the password itself.
        </li>
        <li>Your settings and your consent decisions, with the version and date.</li>
        <li>Technical logs (times, request paths, errors) kept briefly to run the service.</li>
      </ul>
    </Section>
    <Section title="How we use information">
      <p>
        We use your information to run Boon: to show the daily question, keep one answer per day,
        count streaks and badges, and show you your own history. We use automated analysis,
        including AI-assisted analysis, to score answers for relevance and civility, to hold back
        abusive text, and to chart how the community’s views move over time.
      </p>
    </Section>
    <Section title="Anonymised and aggregated data">
      <p>
        We may share or sell anonymised, aggregated data, such as how views on a question shifted
        over a month, to researchers and partners. Such data cannot be traced back to you or your
        device. We never sell your personal data: not your email, your device identifier, your
        journal or anything that identifies you.
      </p>
    </Section>
    <Section title="Your rights under the CCPA">
      <p>
        If you live in California you have the right to know what personal information we hold about
        you, to have it deleted or corrected, to opt out of any sale of personal information, and
        not to be treated differently for using these rights.
      </p>
    </Section>
    <Section title="Your rights under the GDPR">
      <p>
        If you live in the European Economic Area or the United Kingdom you have the right to access
        your data, to have it rectified or erased, to restrict or object to its processing, to
        receive it in a portable form, and to complain to your data protection supervisory
        authority.
      </p>
    </Section>
    <Section title="Cookies and local storage">
      <p>
        Boon keeps a few things in your browser: your device identifier, your theme, your consent
        decision and, if you sign in, your session tokens. We use no advertising or tracking
        cookies.
      </p>
    </Section>
    <Section title="Children">
      <p>
        Boon is not for children under 13. We do not knowingly collect their data, and we delete it
        when we learn of it.
      </p>
    </Section>
    <Section title="Retention and security">
      <p>
        Answers stay as long as the community archive does. When you ask us to erase your data we
        destroy the key that unlocks your personal data, so it can no longer be read anywhere. We
        protect what we keep with encryption, hashing and access controls.
      </p>
    </Section>
    <Section title="Contacting us">
      <ContactLine />
    </Section>
  </LegalArticle>
);

export default PrivacyPolicyPage;
