import type { ServerOptions } from 'node:http';

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

/** Options for http.createServer; the deadlines are checked every second, not every 30. */
export const serverOptions = (limits: HttpLimits): ServerOptions => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
});

/** The answer to a request the HTTP parser gave up on: too slow, headers too large, or malformed. */
export const clientErrorAnswer = (code: string | undefined): string => {
  const status =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? '408 Request Timeout'
      : code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : '400 Bad Request';
  return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
};
