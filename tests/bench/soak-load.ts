import { randomBytes } from 'node:crypto';

/** A write the server acknowledged: the event it said it appended, at that position. */
export type Ack = { position: bigint; type: string; id?: string };

type Client = {
  deviceId: string;
  responseId: string | null;
  replies: string[];
};

type Answer = { status: number; body: Record<string, unknown> };

class ServerDown extends Error {}

/**
 * People using the app through HTTP while the server may die at any moment: they answer,
 * echo, reply, delete replies and change settings. Every 2xx command is recorded with the
 * position and event it acknowledged; a request the kill cut short acknowledged nothing.
 */
export class SoakLoad {
  readonly acks: Ack[] = [];
  /** Requests under way when the server died: they acknowledged nothing. */
  cutShort = 0;
  private url: string | null = null;
  private readonly clients: Client[] = [];
  private readonly responses: string[] = [];
  private questionId = 0;
  private stopped = false;

  constructor(private readonly clientCount: number) {}

  /** Where the server is now; null while it is down. */
  serveAt(url: string | null) {
    this.url = url;
  }

  private async call(method: string, path: string, client: Client | null, body?: unknown) {
    const url = this.url;
    if (!url) throw new ServerDown();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(client ? { 'X-Device-ID': client.deviceId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} } as Answer;
  }

  private ack(answer: Answer, type: string, id?: string) {
    const position = answer.body.position;
    if (answer.status >= 300 || typeof position !== 'string') return;
    this.acks.push({ position: BigInt(position), type, ...(id ? { id } : {}) });
  }

  /** Registers everyone (a cycle with no kill in it) and learns today's question. */
  async register() {
    this.questionId = (await this.call('GET', '/api/question/today', null)).body.id as number;
    for (let i = 0; i < this.clientCount; i++) {
      const client: Client = {
        deviceId: randomBytes(16).toString('base64url'),
        responseId: null,
        replies: [],
      };
      for (let attempt = 0; attempt < 5; attempt++) {
        const offered = await this.call('POST', '/api/user/generate-pseudonyms', client, {});
        const pseudonym = (offered.body.pseudonyms as string[])[0];
        const setup = await this.call('POST', '/api/user/setup', client, {
          pseudonym,
          privacyConsent: true,
          termsConsent: true,
        });
        if (setup.status === 201) break;
      }
      this.clients.push(client);
    }
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(Math.random() * items.length)]!;
  }

  private async act(client: Client) {
    if (client.responseId === null) {
      const answered = await this.call('POST', '/api/responses', client, {
        content: `Soak answer from ${client.deviceId.slice(0, 6)}: promises hold us together.`,
        questionId: this.questionId,
      });
      if (answered.status === 201) {
        client.responseId = answered.body.id as string;
        this.responses.push(client.responseId);
        this.ack(answered, 'ResponseSubmitted', client.responseId);
      } else if (answered.status === 409) {
        // Written before a kill cut the answer off: the client finds its response later.
        client.responseId = 'unknown';
      }
      return;
    }
    const roll = Math.random();
    if (roll < 0.55 && this.responses.length > 0) {
      const replied = await this.call('POST', '/api/replies', client, {
        content: `A reply ${randomBytes(4).toString('hex')} to think about.`,
        responseId: this.pick(this.responses),
      });
      const reply = replied.body.reply as { id: string } | undefined;
      if (replied.status === 201 && reply) {
        client.replies.push(reply.id);
        this.ack(replied, 'ReplyPosted', reply.id);
      }
    } else if (roll < 0.75 && this.responses.length > 1) {
      const target = this.pick(this.responses.filter((id) => id !== client.responseId));
      const echoed = await this.call('POST', `/api/responses/${target}/echo`, client);
      this.ack(echoed, echoed.body.hasEchoed ? 'EchoGiven' : 'EchoWithdrawn');
    } else if (roll < 0.85 && client.replies.length > 0) {
      const id = client.replies.shift()!;
      this.ack(await this.call('DELETE', `/api/replies/${id}`, client), 'ReplyDeleted', id);
    } else {
      const changed = await this.call('PATCH', '/api/user/settings/me', client, {
        showActivity: Math.random() < 0.5,
      });
      this.ack(changed, 'SettingsChanged');
    }
  }

  /** Workers that keep acting until stopped, riding out the server's deaths. */
  run(workers: number): Promise<void[]> {
    return Promise.all(
      Array.from({ length: workers }, async () => {
        while (!this.stopped) {
          try {
            await this.act(this.pick(this.clients));
          } catch (error) {
            if (!(error instanceof ServerDown)) this.cutShort++;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      }),
    );
  }

  stop() {
    this.stopped = true;
  }
}
