import type { ResponseDto } from '../../../../domain/contracts/responses';

export const PREVIEW_LENGTH = 600;

export const preview = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}…` : content;

export const ResponseCard = ({ response }: { response: ResponseDto }) => (
  <article
    aria-label={`Response by ${response.username}`}
    className={`flex flex-col rounded-lg border bg-white p-4 dark:bg-stone-900 ${
      response.isOwn ? 'border-amber-600' : 'border-stone-300 dark:border-stone-700'
    }`}
  >
    <header className="flex items-baseline justify-between gap-2">
      <span className="font-semibold">{response.username}</span>
      {response.isOwn && (
        <span className="text-xs text-amber-800 dark:text-amber-400">Your response</span>
      )}
    </header>
    <time dateTime={response.dateAdded} className="text-xs text-stone-500 dark:text-stone-400">
      {new Date(response.dateAdded).toLocaleString()}
    </time>
    <p className="mt-2 line-clamp-8 whitespace-pre-line">{preview(response.content)}</p>
    <footer className="mt-auto flex gap-4 pt-3 text-sm text-stone-600 dark:text-stone-300">
      <span>
        {response.echoCount} {response.echoCount === 1 ? 'echo' : 'echoes'}
      </span>
      <span>
        {response.replyCount} {response.replyCount === 1 ? 'reply' : 'replies'}
      </span>
    </footer>
  </article>
);
