import type { IncomingMessage } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { isLocalRequest } from '../../api/http/local-only';
import { silentLogger } from '../../infra/logger';
import { openMail } from '../../infra/email/mail';
import { signUp } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('the development outbox', () => {
  it('lists each mail as {to, subject, text, links} at /dev/outbox.json', async () => {
    await signUp(t, 'ada@example.org');
    const res = await request(t.app).get('/dev/outbox.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0]).sort()).toEqual(['links', 'subject', 'text', 'to']);
    expect(res.body[0].links[0]).toMatch(/\/auth\/verify\?token=/);
  });

  it('shows them as a page at /dev/outbox, escaped', async () => {
    await signUp(t, "o'brien@example.org");
    const res = await request(t.app).get('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('Confirm your email for Boon');
    expect(res.text).toContain('o&#39;brien@example.org');
    expect(res.text).not.toContain("o'brien");
  });

  it('answers 404 to anyone not on this machine, or through a proxy', async () => {
    for (const [header, value] of [
      ['Host', 'boon.example.org'],
      ['X-Forwarded-For', '203.0.113.7'],
      ['Forwarded', 'for=203.0.113.7'],
    ] as const) {
      for (const path of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await request(t.app).get(path).set(header, value);
        expect(res.status, `${path} with ${header}`).toBe(404);
      }
    }
    const peer = (remoteAddress: string) =>
      ({ socket: { remoteAddress }, headers: { host: 'localhost:3000' } }) as IncomingMessage;
    expect(isLocalRequest(peer('127.0.0.1'))).toBe(true);
    expect(isLocalRequest(peer('::1'))).toBe(true);
    expect(isLocalRequest(peer('192.168.1.20'))).toBe(false);
    expect(isLocalRequest(peer('::ffff:10.0.0.1'))).toBe(false);
  });

  it('does not exist when SMTP is configured', async () => {
    const mail = openMail(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Boon <a@b.org>' },
      silentLogger(),
      () => 'http://localhost',
    );
    expect(mail.outbox).toBeNull();
    const app = createApp({ ...t.ctx, mail });
    expect((await request(app).get('/dev/outbox.json')).status).toBe(404);
    await mail.mailer.close();
  });
});

describe('the SMTP adapter', () => {
  it('delivers the mail to the configured server, from MAIL_FROM', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, done) => {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const mail = openMail(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Boon <no-reply@boon.test>' },
      silentLogger(),
      () => 'https://boon.test',
    );
    await mail.mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'A link' });
    await mail.mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('From: Boon <no-reply@boon.test>');
    expect(received[0]).toContain('To: ada@example.org');
    expect(received[0]).toContain('Subject: Hello');
  });
});
