import Bowser from 'bowser';
import type { SessionDevice } from './session';

const LABEL_MAX_LENGTH = 60;

const clip = (label: string) => (label.length > LABEL_MAX_LENGTH ? label.slice(0, LABEL_MAX_LENGTH) : label);

/** "Chrome 126" on "Windows 10", read once at sign-in from the User-Agent header for the user's list of sessions. */
export function deviceOf(userAgent: string | undefined): SessionDevice {
  if (!userAgent?.trim()) return { browser: 'Unknown browser', os: null };
  const { browser, os } = Bowser.parse(userAgent);
  const majorVersion = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  return {
    browser: clip(browser.name ? [browser.name, majorVersion].filter(Boolean).join(' ') : 'Unknown browser'),
    os: os.name ? clip([os.name, osVersion].filter(Boolean).join(' ')) : null,
  };
}
