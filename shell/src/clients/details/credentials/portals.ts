import type { Platform } from '../../../../../core/clients/schemas';

export interface Portal {
  platform: Platform;
  title: string;
  loginUrl: string;
}

/** The government portals whose logins a client's page keeps, in display order. */
export const PORTALS: Portal[] = [
  { platform: 'GST', title: 'GST Portal', loginUrl: 'https://services.gst.gov.in/services/login' },
  { platform: 'INCOME_TAX', title: 'Income Tax Portal', loginUrl: 'https://eportal.incometax.gov.in/iec/foservices/#/login' },
];
