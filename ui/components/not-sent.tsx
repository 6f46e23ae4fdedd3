import { useState } from 'react';
import { dismissWrite, type ShownWrite } from '../lib/offline/outbox';
import { Button } from './ui/button';
import { Callout } from './ui/callout';

const possessive = (name: string | undefined) => (name ? `${name}’s` : 'an');

/** What the write was, as the person made it. */
const whatOf = ({ kind, about }: ShownWrite) => {
  switch (kind) {
    case 'answer':
      return 'Your answer was not shared';
    case 'echo':
      return `Your echo of ${possessive(about.responseAuthor)} answer was not sent`;
    case 'reply':
      return `Your reply to ${possessive(about.responseAuthor)} answer was not sent`;
    case 'journal':
      return 'Your journal entry was not saved';
  }
};

const CopyText = ({ text }: { text: string }) => {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : 'Copy your text'}
    </Button>
  );
};

/**
 * What Boon refused once a write that waited could be sent (the day had ended, the day's
 * limit, the analyzer): said in Boon's words, with the person's own text, kept until they let
 * it go.
 */
export const NotSent = ({ writes }: { writes: readonly ShownWrite[] }) => (
  <section aria-label="Not sent" className="mx-auto w-full max-w-6xl px-4 pt-4">
    <ul className="flex flex-col gap-3">
      {writes.map((write) => (
        <li key={write.key}>
          <Callout tone="danger" role="alert" title={whatOf(write)}>
            <p>{write.refusal?.detail}</p>
            {write.text && (
              <figure className="mt-2">
                <figcaption className="font-medium">Your text, kept for you:</figcaption>
                <blockquote className="mt-1 max-h-40 overflow-y-auto rounded-md bg-surface p-2 font-serif whitespace-pre-line wrap-anywhere">
                  {write.text}
                </blockquote>
              </figure>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              {write.text && <CopyText text={write.text} />}
              <Button variant="ghost" size="sm" onClick={() => void dismissWrite(write.key)}>
                Dismiss
              </Button>
            </div>
          </Callout>
        </li>
      ))}
    </ul>
  </section>
);
