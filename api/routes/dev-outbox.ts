import { Router, type Request } from 'express';
import type { DevOutbox } from '../../infra/email/dev-outbox';
import { isLocalRequest } from '../http/local-only';
import { sendProblem } from '../http/problems';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (outbox: DevOutbox) => {
  const items = outbox
    .entries()
    .reverse()
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)}</p>` +
        `<pre>${escapeHtml(m.text)}</pre><ul>${m.links
          .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
          .join('')}</ul></article>`,
    )
    .join('<hr>');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox · Boon</title></head>` +
    `<body><h1>Development outbox</h1><p>Mail Boon would have sent (no SMTP_URL is set), newest first.</p>` +
    `${items || '<p>No mail yet.</p>'}</body></html>`
  );
};

/**
 * The development outbox, for this machine only: `/dev/outbox` (HTML) and `/dev/outbox.json`
 * (`[{to, subject, text, links}]`, oldest first). Anyone else gets the app's usual 404.
 */
export const devOutboxRoutes = (outbox: DevOutbox) => {
  const router = Router();
  const notFound = (req: Request, res: Parameters<typeof sendProblem>[1]) =>
    sendProblem(req, res, { status: 404, title: 'Not found', detail: 'No such page.' });
  router.get('/dev/outbox.json', (req, res) => {
    if (!isLocalRequest(req)) return notFound(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(outbox.entries());
  });
  router.get('/dev/outbox', (req, res) => {
    if (!isLocalRequest(req)) return notFound(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(page(outbox));
  });
  return router;
};
