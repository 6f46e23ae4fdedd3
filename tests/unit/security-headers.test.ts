import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../api/http/security-headers';

describe('inline script hashes for the CSP', () => {
  it('hashes inline scripts only, exactly as written', () => {
    const body = "\n  document.documentElement.classList.toggle('dark', true);\n";
    const html = `<head><script>${body}</script><script type="module" src="/assets/x.js"></script></head>`;
    const expected = createHash('sha256').update(body).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
    expect(inlineScriptHashes('')).toEqual([]);
  });
});
