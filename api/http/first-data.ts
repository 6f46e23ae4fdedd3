import type { AppContext } from '../context';
import { questionById, todayQuestion } from '../routes/questions';
import { contactOf } from '../routes/site';
import type { FirstDataSource } from './page-render';

/**
 * The API's answers a page may be rendered with (api/http/page-render.ts): only those that are
 * the same for every visitor (today's question, a question, the operator's addresses), answered
 * as their GET routes answer them. Any other path: null.
 */
export const firstDataSource =
  (ctx: AppContext): FirstDataSource =>
  async (apiPath) => {
    if (apiPath === '/api/question/today') return todayQuestion(ctx);
    if (apiPath === '/api/site/contact') return contactOf(ctx);
    const question = /^\/api\/question\/([1-9]\d{0,8})$/.exec(apiPath);
    return question ? questionById(ctx, Number(question[1])) : null;
  };

/**
 * Pages whose subject anyone may check (api/http/ui-files.ts answers them 404 when it is
 * missing): a discussion or a question page for a question there is not.
 */
export const missingPage =
  (ctx: AppContext) =>
  async (path: string): Promise<boolean> => {
    const question = /^\/(?:responses|question)\/([1-9]\d{0,8})\/?$/.exec(path);
    return question ? (await questionById(ctx, Number(question[1]))) === null : false;
  };
