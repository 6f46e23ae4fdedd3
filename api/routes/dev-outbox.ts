import { Router, type Request } from 'express';
import type { DevOutbox } from '../../infra/email/dev-outbox';
import { sendProblem } from '../http/problems';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Whether the request comes from this machine and no further: the socket's own peer (never
 * X-Forwarded-For), no forwarding header (a proxy on the same machine would pass the check
 * otherwise), and a loopback Host (so a page on another site cannot rebind its name to us).
 */
export const isLoopbackRequest = (req: Request) =>
  LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '') &&
  !req.get('x-forwarded-for') &&
  !req.get('forwarded') &&
  LOOPBACK_HOST.test(req.get('host') ?? '');

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
    if (!isLoopbackRequest(req)) return notFound(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(outbox.entries());
  });
  router.get('/dev/outbox', (req, res) => {
    if (!isLoopbackRequest(req)) return notFound(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(page(outbox));
  });
  return router;
};
