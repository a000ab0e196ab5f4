import { describe, expect, it } from 'vitest';
import { frameMatchesFile, isKeyLike, mentionsKey, messageStrength, normalizeName, parseFrames } from './match.js';

describe('evidence text against code', () => {
  it('tells keys from messages', () => {
    expect(isKeyLike('adFailure')).toBe(true);
    expect(isKeyLike('app.cart.requests_total')).toBe(true);
    expect(isKeyLike('failed to charge card')).toBe(false);
  });

  it('compares names across conventions', () => {
    expect(normalizeName('AD_FAILURE')).toBe(normalizeName('adFailure'));
    expect(normalizeName('ad-failure')).toBe('adfailure');
  });

  it('scores a format string against the message it wrote, and a template against the literal', () => {
    expect(messageStrength('failed to charge card: %v', 'failed to charge card: connection refused')).toBeGreaterThan(0.5);
    expect(messageStrength('Targeted ad request received for {}', 'Targeted ad request received for <*>')).toBeGreaterThan(0.8);
    expect(messageStrength('retrying', 'failed to charge card: connection refused')).toBe(0);
    expect(messageStrength('same text', 'same text')).toBe(1);
  });

  it('finds a key only as a whole word', () => {
    expect(mentionsKey("FeatureFlag 'kafkaQueueProblems' is activated", 'kafkaQueueProblems')).toBe(true);
    expect(mentionsKey('kafkaQueueProblemsOld', 'kafkaQueueProblems')).toBe(false);
  });

  it('reads stack frames of several runtimes', () => {
    expect(parseFrames('at oteldemo.AdService.getAds(AdService.java:239)')).toEqual([{ path: 'AdService.java', line: 239 }]);
    expect(parseFrames('  File "/app/recommendation_server.py", line 78, in get_product_list')).toEqual([
      { path: '/app/recommendation_server.py', line: 78 },
    ]);
    expect(parseFrames('/usr/src/app/main.go:570 +0x1d')).toEqual([{ path: '/usr/src/app/main.go', line: 570 }]);
  });

  it('matches a frame path to a root-relative file on a folder boundary', () => {
    expect(frameMatchesFile({ path: 'AdService.java', line: 1 }, 'ad/src/main/java/oteldemo/AdService.java')).toBe(true);
    expect(frameMatchesFile({ path: '/usr/src/app/checkout/main.go', line: 1 }, 'checkout/main.go')).toBe(true);
    expect(frameMatchesFile({ path: 'main.go', line: 1 }, 'checkout/domain.go')).toBe(false);
  });
});
