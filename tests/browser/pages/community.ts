import { expect, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/** A fresh person registered through the API: the headers that carry their device. */
export const someoneElse = async (request: APIRequestContext) => {
  const headers = { 'X-Device-ID': randomBytes(16).toString('base64url') };
  for (let attempt = 0; attempt < 5; attempt++) {
    const offered = await (await request.post('/api/user/generate-pseudonyms', { headers })).json();
    const setup = await request.post('/api/user/setup', {
      headers,
      data: { pseudonym: offered.pseudonyms[0], privacyConsent: true, termsConsent: true },
    });
    if (setup.status() === 201) return headers;
  }
  throw new Error('no free pseudonym after 5 tries');
};

/** Someone who suggests a question for the brainstorm board through the API. */
export const suggestAsSomeoneElse = async (request: APIRequestContext, content: string) => {
  const suggested = await request.post('/api/brainstorm', {
    headers: await someoneElse(request),
    data: { content },
  });
  expect(suggested.status()).toBe(201);
};

/** Someone who answers through the API, to fill the page with other people's responses. */
export const answerAsSomeoneElse = async (request: APIRequestContext, content: string) => {
  const headers = await someoneElse(request);
  const question = await (await request.get('/api/question/today')).json();
  const answered = await request.post('/api/responses', {
    headers,
    data: { content, questionId: question.id },
  });
  expect(answered.status()).toBe(201);
  return { headers, questionId: question.id as number, id: (await answered.json()).id as string };
};

/** A reply from a fresh person through the API. */
export const replyAsSomeoneElse = async (
  request: APIRequestContext,
  responseId: string,
  content: string,
) => {
  const { headers } = await answerAsSomeoneElse(request, 'My own answer first, then a reply.');
  const replied = await request.post('/api/replies', { headers, data: { content, responseId } });
  expect(replied.status()).toBe(201);
};
