import { ContactLine, LegalArticle, Section } from './legal-layout';

const TermsPage = () => (
  <LegalArticle title="Terms of Use" updated="Last updated: 17 June 2025 · Version 1.0">
    <Section title="Acceptance">
      <p>
        By using Boon you agree to these terms and to our Privacy Policy. If you do not agree,
        please do not use the service.
      </p>
    </Section>
    <Section title="Eligibility">
      <p>You must be 13 or older to use Boon. Boon is not for use by children under 13.</p>
    </Section>
    <Section title="Your pseudonym and account">
      <p>
        Your pseudonym is tied to your device and cannot be changed. If you create an account, keep
        your password to yourself; you are responsible for what happens under your account.
      </p>
    </Section>
    <Section title="Your content and licence">
      <p>
        What you write stays yours. By posting it you grant Boon a worldwide, royalty-free licence
        to show it in the product and to use it in anonymised form, including in aggregated research
        data that cannot identify you.
      </p>
    </Section>
    <Section title="Conduct rules">
      <ul className="list-disc space-y-1 pl-6">
        <li>Disagree with ideas, respectfully; never attack people.</li>
        <li>No harassment, threats or hate.</li>
        <li>No personal information about anyone, including yourself.</li>
        <li>No spam, and no manipulating echoes or streaks.</li>
        <li>No impersonating other people or the Boon team.</li>
        <li>Nothing illegal.</li>
      </ul>
    </Section>
    <Section title="Moderation">
      <p>
        Automated checks may hold back answers that break these rules, and our team reviews
        suggestions and submissions before they appear.
      </p>
    </Section>
    <Section title="Termination">
      <p>
        We may suspend or end access for anyone who breaks these rules. You may stop using Boon at
        any time and ask us to delete your data.
      </p>
    </Section>
    <Section title="Disclaimers and limitation of liability">
      <p>
        Boon is offered as it is. Answers are the opinions of their authors, not advice. To the
        extent the law allows, we are not liable for indirect losses arising from using Boon.
      </p>
    </Section>
    <Section title="Changes to these terms">
      <p>
        When these terms change we update the version and date above and ask for your agreement
        again where the law requires it.
      </p>
    </Section>
    <Section title="Contact">
      <ContactLine />
    </Section>
  </LegalArticle>
);

export default TermsPage;
