import { describe, expect, it } from 'vitest';
import {
  apiKeyEnvArgument,
  appCsp,
  appRequestPath,
  isAllowedNavigation,
  isTrustedSenderUrl,
  openDialogOptions,
  snapshotArgument,
  storePasswordEnvArgument,
} from './policy.js';

describe('electron policy', () => {
  it('trusts only frames on app://workbench', () => {
    expect(isTrustedSenderUrl('app://workbench/index.html')).toBe(true);
    expect(isTrustedSenderUrl('app://workbench/assets/x.js?y=1')).toBe(true);
    for (const url of [
      'https://workbench/index.html',
      'app://evil/index.html',
      'app://workbench.evil.com/',
      'file:///index.html',
      'http://127.0.0.1:3000/',
      'about:blank',
      '',
      null,
      undefined,
      'not a url',
    ]) {
      expect(isTrustedSenderUrl(url), String(url)).toBe(false);
    }
  });

  it('blocks navigation away from the bundled UI', () => {
    expect(isAllowedNavigation('app://workbench/index.html')).toBe(true);
    expect(isAllowedNavigation('https://example.com/')).toBe(false);
  });

  it('maps app:// requests to paths and ignores other origins', () => {
    expect(appRequestPath('app://workbench/assets/a.js')).toBe('/assets/a.js');
    expect(appRequestPath('app://other/assets/a.js')).toBeNull();
  });

  it('forbids eval, remote loads and network connections in the CSP', () => {
    const csp = appCsp();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toMatch(/unsafe-(eval|inline)|https?:|\*/);
  });

  it('reads the snapshot argument in dev and packaged layouts', () => {
    expect(snapshotArgument(['electron', 'dist/electron/main.cjs', '--inspect', '/tmp/snap'], false)).toBe('/tmp/snap');
    expect(snapshotArgument(['EoG Workbench', '/tmp/snap'], true)).toBe('/tmp/snap');
    expect(snapshotArgument(['electron', 'main.cjs'], false)).toBeNull();
  });

  it('takes the API key variable from --api-key-env=VAR, as eog serve does, and never as the snapshot', () => {
    const argv = ['electron', 'main.cjs', '--api-key-env=MY_KEY', '/tmp/snap'];
    expect(apiKeyEnvArgument(argv)).toBe('MY_KEY');
    expect(snapshotArgument(argv, false)).toBe('/tmp/snap');
    expect(apiKeyEnvArgument(['electron', 'main.cjs', '/tmp/snap'])).toBeNull();
    expect(apiKeyEnvArgument(['electron', 'main.cjs', '--api-key-env='])).toBeNull();
  });

  it('takes the ClickHouse password variable from --store-password-env=VAR, as the CLI does, and never as the snapshot', () => {
    const argv = ['electron', 'main.cjs', '--store-password-env=CH_PASS', 'clickhouse://eog@db:8123/otel'];
    expect(storePasswordEnvArgument(argv)).toBe('CH_PASS');
    expect(snapshotArgument(argv, false)).toBe('clickhouse://eog@db:8123/otel');
    expect(apiKeyEnvArgument(argv)).toBeNull();
    expect(storePasswordEnvArgument(['electron', 'main.cjs', '--store-password-env='])).toBeNull();
  });

  it('opens one folder or one file in the native dialog, never several (each joins the allowed paths)', () => {
    expect(openDialogOptions('folder').properties).toEqual(['openDirectory']);
    expect(openDialogOptions('file').properties).toEqual(['openFile']);
  });
});
