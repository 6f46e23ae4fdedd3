import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';

/** CSP hashes of the shell's inline scripts (the pre-paint theme script), so nothing else runs. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );

/**
 * Powerful browser features the app never uses, switched off for it and anything it embeds:
 * an injected script cannot turn on the camera or read the location either.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * HSTS: browsers keep to HTTPS for a year. Sent only when this request came over HTTPS, which
 * behind a proxy Express reads from X-Forwarded-Proto only when TRUST_PROXY trusts that proxy
 * (`req.secure`): over plain HTTP a browser ignores the header, and an untrusted client must
 * not switch it on by claiming a scheme.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that keep a stolen session out of reach of injected script and keep the app out
 * of other sites' frames: a strict Content-Security-Policy plus the usual companions.
 */
export const securityHeaders = (scriptHashes: readonly string[]): RequestHandler => {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The service worker (/sw.js) and the install manifest: the app's own, nothing else.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (req, res, next) => {
    const host = req.get('host');
    // 'self' covers ws: only in newer browsers; the live socket is named outright.
    const sockets = host && /^[\w.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
    res.setHeader('Content-Security-Policy', `${policy}; connect-src 'self'${sockets}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
};
