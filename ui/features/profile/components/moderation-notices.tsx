import { Link } from 'react-router-dom';
import {
  MODERATION_REASON_LABELS,
  type ModerationNoticeDto,
} from '../../../../domain/contracts/reports';
import { personalTopic } from '../../../../domain/contracts/topics';
import { Callout } from '../../../components/ui/callout';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useLiveTopics } from '../../../lib/live-client';
import { useModerationNotices } from '../api/moderation-notices';

const WHAT: Record<ModerationNoticeDto['target']['kind'], string> = {
  response: 'Your answer',
  reply: 'Your reply',
  chat: 'Your live chat message',
};

const HAPPENED: Record<ModerationNoticeDto['visibility'], string> = {
  held: 'is held for review',
  hidden: 'was hidden by a moderator',
  removed: 'was removed by a moderator',
};

/**
 * Why some of the person's words are no longer shown to others: held for review, hidden or
 * removed, and the reason. Live over `me:moderation`; nothing at all when there is nothing.
 */
export const ModerationNotices = () => {
  useLiveTopics([personalTopic.publicName('moderation')]);
  const notices = useModerationNotices();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <section aria-labelledby="moderation-notices" className="my-6">
      <h2 id="moderation-notices" className="font-serif text-title font-semibold">
        From the moderators
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {notices.data.map((notice) => (
          <li key={notice.id}>
            <Callout tone="caution">
              <p>
                {WHAT[notice.target.kind]}
                {notice.questionId !== null && (
                  <>
                    {' '}
                    in{' '}
                    <Link className="link" to={`/responses/${notice.questionId}`}>
                      this discussion
                    </Link>
                  </>
                )}{' '}
                {HAPPENED[notice.visibility]}. Reason: {MODERATION_REASON_LABELS[notice.reason]}.
              </p>
              <RelativeTime iso={notice.at} className="text-ink-muted" />
            </Callout>
          </li>
        ))}
      </ul>
    </section>
  );
};
