import { describe, expect, it } from 'vitest';
import { consentSheetShownOn } from '../../ui/lib/consent-placement';

describe('where the consent sheet may show', () => {
  it('never over onboarding, which asks in its own setup step', () => {
    for (const path of [
      '/',
      '/intro',
      '/device-check',
      '/welcome',
      '/setup',
      '/pseudonym-welcome',
      '/disclosure',
      '/auth',
      '/auth/check-inbox',
      '/auth/verify',
    ]) {
      expect(consentSheetShownOn(path), path).toBe(false);
    }
  });

  it('never over admin pages', () => {
    for (const path of ['/admin', '/admin-login', '/admin/brainstorm', '/admin/submissions']) {
      expect(consentSheetShownOn(path), path).toBe(false);
    }
  });

  it('on the pages people reach by a link, until they decide', () => {
    for (const path of [
      '/home',
      '/about',
      '/responses/12',
      '/archive',
      '/settings',
      '/administer',
    ]) {
      expect(consentSheetShownOn(path), path).toBe(true);
    }
  });
});
