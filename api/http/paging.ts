import type { Request, Response } from 'express';
import { z } from 'zod';
import { invalid } from '../../domain/shared/errors';
import { parseInput } from './validation';

export const DEFAULT_PAGE = 30;
export const MAX_PAGE = 100;

const pageQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE, `limit must be at most ${MAX_PAGE}`)
    .optional(),
});

/**
 * A page request: an opaque cursor (where the previous page ended, as the list's own sort
 * key) and a size. A cursor that is not one this server made is a 400 naming `cursor`.
 */
export const pageOf = <Key>(req: Request, key: z.ZodType<Key>) => {
  const { cursor, limit } = parseInput(pageQuery, req.query, 'query');
  let after: Key | null = null;
  if (cursor !== undefined) {
    try {
      after = key.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    } catch {
      throw invalid('cursor', 'Invalid cursor', 'cursor must be one a previous page gave.');
    }
  }
  return { after, limit: limit ?? DEFAULT_PAGE };
};

export const cursorFor = (key: unknown) =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/**
 * Sends a page as the spec's array, with the way on in headers: `Link: <…>; rel="next"`
 * while more follows, and `X-Total-Count`.
 */
export const sendPage = <T>(
  req: Request,
  res: Response,
  items: T[],
  next: unknown | null,
  total: number,
) => {
  if (next !== null) {
    const url = new URL(req.originalUrl, 'http://boon');
    url.searchParams.set('cursor', cursorFor(next));
    res.setHeader('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  res.setHeader('X-Total-Count', String(total));
  res.json(items);
};
