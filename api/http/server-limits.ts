import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';

export type HttpLimits = {
  /** Longest a client may take to send a request's headers. */
  headersTimeoutMs: number;
  /** Longest a client may take to send a whole request, body included (Node's default: 300 s). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after an answer. */
  keepAliveTimeoutMs: number;
  /** Open connections (HTTP and ws) at most; more are closed at once. */
  maxConnections: number;
};

/**
 * A slow or silent client holds a connection for seconds, not minutes: a request body that
 * trickles in is cut off (408) and its socket closed; past the cap, new connections are refused.
 */
export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
};

/** The longest request target (path and query) answered: longer ones get 414. */
export const MAX_URL_LENGTH = 8 * 1024;
/**
 * Request line and headers together, at most: room for a URL just past MAX_URL_LENGTH and its
 * headers, so such a request is read and answered 414 with a problem body, never cut off.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

/** Options for http.createServer; the deadlines are checked every second, not every 30. */
export const serverOptions = (limits: HttpLimits): ServerOptions => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  maxHeaderSize: MAX_HEADER_BYTES,
});

const problemBody = (status: number, title: string, detail: string) =>
  JSON.stringify({ type: 'about:blank', title, status, detail });

const PARSER_REFUSALS: Record<string, [number, string, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'Request timeout',
    'The request took too long to arrive.',
  ],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'Headers too large',
    `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`,
  ],
};

/** The answer to a request the HTTP parser gave up on: too slow, headers too large, or malformed. */
export const clientErrorAnswer = (code: string | undefined): string => {
  const [status, reason, title, detail] = PARSER_REFUSALS[code ?? ''] ?? [
    400,
    'Bad Request',
    'Malformed request',
    'The request is not valid HTTP.',
  ];
  const body = problemBody(status, title, detail);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
    `Content-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

/** A request whose target is longer than any route reads: 414, before the app parses it. */
const refuseLongUrls =
  (app: RequestListener): RequestListener =>
  (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').length <= MAX_URL_LENGTH) {
      app(req, res);
      return;
    }
    // The body is read and dropped: a client still sending it then reads the answer instead
    // of a reset connection.
    req.resume();
    res.writeHead(414, { 'Content-Type': 'application/problem+json' });
    res.end(
      problemBody(
        414,
        'URI too long',
        `The request's path and query exceed ${MAX_URL_LENGTH} characters.`,
      ),
    );
  };

/**
 * The HTTP server every API process runs `app` in: the limits above, long URLs refused with
 * 414, and a request the parser gives up on (malformed, too slow, headers too large) answered
 * with its status and a problem body and closed, never an 'error' that escapes.
 */
export const createHttpServer = (limits: HttpLimits, app: RequestListener): Server => {
  const server = createServer(serverOptions(limits), refuseLongUrls(app));
  server.maxConnections = limits.maxConnections;
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorAnswer(err.code));
  });
  return server;
};
