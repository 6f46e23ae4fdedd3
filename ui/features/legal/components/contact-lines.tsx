import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ContactDto } from '../../../../domain/contracts/site';
import { Skeleton } from '../../../components/ui/skeleton';
import { useContact } from '../api/get-contact';

export const Mail = ({ address }: { address: string }) => (
  <a href={`mailto:${address}`} className="link break-all">
    {address}
  </a>
);

/** What anyone can do without writing to anyone: their data is theirs to take or erase. */
export const SelfService = () => (
  <>
    You can download everything Boon holds about you, or erase it, yourself and at once: on your{' '}
    <Link to="/profile" className="link">
      Profile
    </Link>
    , under Your data.
  </>
);

/** No address configured: say so, and never promise an answer from one that reads no mail. */
export const NoAddress = () => (
  <p>
    The people who run this Boon have not published a contact address, so there is no mailbox here
    to write to. <SelfService /> For anything else, reach them the way you found this site.
  </p>
);

/** Loading the addresses (a page served without them): a line's space, no promise yet. */
const Pending = () => (
  <div role="status" aria-label="Loading how to reach us" className="space-y-2">
    <Skeleton className="h-4 w-full" />
    <Skeleton className="h-4 w-2/3" />
  </div>
);

/** The addresses, as the page is rendered with them; pending until known. */
export const WithContact = ({ children }: { children: (contact: ContactDto) => ReactNode }) => {
  const contact = useContact();
  if (!contact.data) return contact.isError ? <NoAddress /> : <Pending />;
  return <>{children(contact.data)}</>;
};

/** The legal documents' "Contact" section: where to write, and the 30 days only with an address. */
export const ContactLine = () => (
  <WithContact>
    {({ email, privacyEmail }) => {
      const address = privacyEmail ?? email;
      if (!address) return <NoAddress />;
      return (
        <p>
          Write to us at <Mail address={address} />
          {email && email !== address && (
            <>
              {' '}
              (anything other than your data: <Mail address={email} />)
            </>
          )}
          . We answer every request, including requests to see, correct or delete your data, within
          30 days. <SelfService />
        </p>
      );
    }}
  </WithContact>
);
