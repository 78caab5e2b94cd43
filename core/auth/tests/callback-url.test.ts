import { expect } from 'chai';
import { safeCallbackUrl } from '../callback-url';

const PUBLIC_URL = 'https://app.firm.example';
const DASHBOARD = '/axal/dashboard';
const check = (candidate: unknown) => safeCallbackUrl(candidate, PUBLIC_URL, DASHBOARD);

describe('safeCallbackUrl', () => {
  describe('keeps a same-origin destination as a path', () => {
    const kept: Array<[string, string]> = [
      ['/axal/w/abc', '/axal/w/abc'],
      ['/axal/w/abc/clients?tab=all#top', '/axal/w/abc/clients?tab=all#top'],
      ['https://app.firm.example/axal/w/abc?x=1', '/axal/w/abc?x=1'],
      ['/axal/w/abc/../def', '/axal/w/def'],
      ['axal/w/abc', '/axal/w/abc'],
      ['/axal/search?q=%2F%2Fevil.example', '/axal/search?q=%2F%2Fevil.example'],
    ];
    for (const [candidate, expected] of kept) {
      it(`${candidate} -> ${expected}`, () => expect(check(candidate)).to.equal(expected));
    }
  });

  describe('falls back to the dashboard for anything that could leave the site', () => {
    const refused = [
      'https://evil.example/x',
      'http://app.firm.example/axal/w/abc',
      'https://app.firm.example:8443/axal',
      'https://app.firm.example.evil.example/axal',
      '//evil.example',
      '//evil.example/axal/w/abc',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '/.//evil.example',
      '/x/..//evil.example',
      '/axal/../..//evil.example',
      'https://app.firm.example//evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@firm.example',
      'https://user:pass@evil.example/',
    ];
    for (const candidate of refused) {
      it(JSON.stringify(candidate), () => expect(check(candidate)).to.equal(DASHBOARD));
    }
  });

  describe('falls back for values that are not a usable string', () => {
    const unusable: Array<[string, unknown]> = [
      ['undefined', undefined],
      ['null', null],
      ['an empty string', ''],
      ['a number', 42],
      ['an array (a repeated query parameter)', ['/axal/w/abc', 'https://evil.example']],
      ['an object (a nested query parameter)', { path: '/axal/w/abc' }],
      ['an overly long string', `/axal/${'a'.repeat(2001)}`],
    ];
    for (const [label, candidate] of unusable) {
      it(label, () => expect(check(candidate)).to.equal(DASHBOARD));
    }
  });

  it('whatever it returns starts with exactly one slash', () => {
    const samples = ['/a', '/.//b', '//c', '/d/..//e', '/%2e%2e//f', '/%2F%2Fg', '/./h'];
    for (const sample of samples) {
      const result = check(sample);
      expect(result, sample).to.match(/^\/(?![/\\])/);
    }
  });
});
